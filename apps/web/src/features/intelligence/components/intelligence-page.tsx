import { FileBarChart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { SAMPLE_ACTIONS, SAMPLE_INSIGHTS, SAMPLE_KPIS } from '../sample-data/sample-intelligence';
import { ActionCards } from './action-cards';
import { InsightList } from './insight-list';
import { KpiCard } from './kpi-card';

/** /intelligence (spec §2 Intelligence, sample): KPIs, key insights and actions, all static. */
export function IntelligencePage() {
  return (
    <Page
      title="Intelligence"
      description="How the practice is doing, and what needs attention"
      actions={
        // Sample screen: reports are not built yet.
        <Button variant="outline">
          <FileBarChart aria-hidden />
          View Reports
        </Button>
      }
    >
      <div className="flex flex-col gap-6">
        <section aria-label="Key figures" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
          {SAMPLE_KPIS.map((kpi) => (
            <KpiCard key={kpi.label} kpi={kpi} />
          ))}
        </section>
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <InsightList insights={SAMPLE_INSIGHTS} />
          <ActionCards actions={SAMPLE_ACTIONS} />
        </div>
      </div>
    </Page>
  );
}
