import { TrendingDown, TrendingUp } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { Kpi } from '../sample-data/sample-intelligence';

/** A key figure with its percent change and trend: icon, colour, and words for screen readers. */
export function KpiCard({ kpi }: { kpi: Kpi }) {
  const isUp = kpi.trend === 'up';
  const Icon = isUp ? TrendingUp : TrendingDown;
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-3 sm:p-4">
      <h2 className="text-[13px] font-medium text-muted">{kpi.label}</h2>
      <p className="truncate text-xl leading-7 font-semibold tabular-nums sm:text-2xl sm:leading-8">
        {kpi.value}
      </p>
      <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-[12px]">
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-1.5 py-px font-semibold tabular-nums',
            isUp ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger',
          )}
        >
          <Icon className="size-3.5" aria-hidden />
          <span className="sr-only">{isUp ? 'Up' : 'Down'} </span>
          {kpi.changePercent.toFixed(1)}%
        </span>
        <span className="text-muted">vs {kpi.period}</span>
      </p>
    </Card>
  );
}
