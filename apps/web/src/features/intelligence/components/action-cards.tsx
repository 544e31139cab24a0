import { Activity, ChevronRight, Gauge, LineChart, type LucideIcon } from 'lucide-react';
import type { ActionCard, ActionKind } from '../sample-data/sample-intelligence';

const ICONS: Record<ActionKind, LucideIcon> = { capacity: Gauge, health: Activity, forecast: LineChart };

/** The three quick actions: View Capacity Dashboard, Run Health Check, Generate Forecast. */
export function ActionCards({ actions }: { actions: ActionCard[] }) {
  return (
    <section aria-labelledby="intelligence-actions" className="flex flex-col gap-2">
      <h2 id="intelligence-actions" className="text-sm font-semibold">
        Actions
      </h2>
      <ul className="flex flex-col gap-2">
        {actions.map((action) => {
          const Icon = ICONS[action.kind];
          return (
            <li key={action.kind}>
              {/* Sample screen: these open nothing yet. */}
              <button
                type="button"
                className="flex w-full items-center gap-3 rounded-lg border border-border bg-surface p-3 text-left transition-colors hover:border-accent/50 hover:bg-hover/40"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-[13px] font-semibold">{action.title}</span>
                  <span className="block text-[12px] text-muted">{action.description}</span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-subtle" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
