import type { WorkItem } from '@ledgerdesk/domain/entities';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDueDate } from '../utils/format';
import { AssigneeStack } from './assignee-stack';
import { WorkProgress } from './work-progress';

/** One job on the board: title, due date, progress, budget / actual / remaining, assignees. */
export function WorkCard({ item }: { item: WorkItem }) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 shadow-xs">
      <Link
        to={`/work/${item.id}`}
        className="text-[13px] leading-snug font-semibold text-fg hover:text-accent hover:underline"
      >
        {item.title}
      </Link>
      <p className="flex items-center gap-1.5 text-[12px] text-muted">
        <CalendarDays className="size-3.5" aria-hidden />
        Due {formatDueDate(item.dueDate)}
      </p>
      <WorkProgress title={item.title} progress={item.progress} />
      <dl className="grid grid-cols-3 gap-2 text-[12px]">
        <Money label="Budget" amount={item.budget} />
        <Money label="Actual" amount={item.actual} />
        <Money label="Remaining" amount={item.remaining} />
      </dl>
      <AssigneeStack names={item.assignees} />
    </article>
  );
}

function Money({ label, amount }: { label: string; amount: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] text-muted">{label}</dt>
      <dd className={cn('font-medium tabular-nums', amount < 0 && 'text-danger')}>
        {formatCurrency(amount)}
      </dd>
    </div>
  );
}
