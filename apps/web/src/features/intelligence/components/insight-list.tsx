import { AlertOctagon, AlertTriangle, Info, type LucideIcon } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import type { Insight, InsightPriority } from '../sample-data/sample-intelligence';

const PRIORITIES: Record<InsightPriority, { tone: BadgeTone; icon: LucideIcon }> = {
  Critical: { tone: 'danger', icon: AlertOctagon },
  High: { tone: 'warning', icon: AlertTriangle },
  Medium: { tone: 'neutral', icon: Info },
};

/** Key Insights: each with its priority (Critical, High, Medium), a category and Take Action. */
export function InsightList({ insights }: { insights: Insight[] }) {
  return (
    <Card>
      <CardHeader className="pb-1">
        <h2 className="text-sm font-semibold">Key Insights</h2>
      </CardHeader>
      <ul className="flex flex-col divide-y divide-border">
        {insights.map((insight) => {
          const priority = PRIORITIES[insight.priority];
          const Icon = priority.icon;
          return (
            <li
              key={insight.id}
              className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <div className="mb-1 flex flex-wrap items-center gap-1.5">
                  <Badge tone={priority.tone}>
                    <Icon className="size-3" aria-hidden />
                    <span className="sr-only">Priority: </span>
                    {insight.priority}
                  </Badge>
                  <Badge>
                    <span className="sr-only">Category: </span>
                    {insight.category}
                  </Badge>
                </div>
                <p className="text-[13px] font-semibold">{insight.title}</p>
                <p className="text-[13px] text-muted">{insight.description}</p>
              </div>
              {/* Sample screen: the action is not wired up yet. */}
              <Button
                size="sm"
                variant="outline"
                className="w-fit"
                aria-label={`Take Action: ${insight.title}`}
              >
                Take Action
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
