import { Filter, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { SAMPLE_WORK_ITEMS } from '../../../lib/sample-work-items';
import { WorkBoard } from './work-board';
import { WorkList } from './work-list';
import { type WorkView, WorkViewToggle } from './work-view-toggle';

/** /work (spec §2 Work Items, sample): a Kanban board or a list of the firm's jobs, toggled. */
export function WorkPage() {
  const [view, setView] = useState<WorkView>('kanban');
  const items = SAMPLE_WORK_ITEMS;
  return (
    <Page
      title="Work"
      description={`${items.length} jobs across your clients`}
      actions={
        <>
          <WorkViewToggle value={view} onChange={setView} />
          {/* Sample screen: these two do nothing yet (spec §2). */}
          <Button variant="outline" aria-label="Add Filter">
            <Filter aria-hidden />
            <span className="hidden sm:inline">Add Filter</span>
          </Button>
          <Button variant="primary">
            <Plus aria-hidden />
            Add Work
          </Button>
        </>
      }
    >
      {view === 'kanban' ? <WorkBoard items={items} /> : <WorkList items={items} />}
    </Page>
  );
}
