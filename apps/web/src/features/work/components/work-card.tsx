import type { WorkThreadDto } from '@ledgerdesk/domain/api/clients-endpoints';
import type { WorkItem } from '@ledgerdesk/domain/entities';
import { CalendarDays, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDueDate } from '../utils/format';
import { AssigneeStack } from './assignee-stack';
import { WorkProgress } from './work-progress';

/**
 * One job on the board: title, due date, progress, budget / actual / remaining, assignees — and the mail threads
 * filed to it from triage (issue 15).
 */
export function WorkCard({ item, threads = [] }: { item: WorkItem; threads?: readonly WorkThreadDto[] }) {
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
      {threads.length > 0 ? (
        <div className="border-t border-border pt-2" data-testid="work-threads">
          <p className="text-[11px] font-medium text-muted">
            {threads.length} {threads.length === 1 ? 'thread' : 'threads'}
          </p>
          <ul className="mt-1 flex flex-col gap-1" aria-label={`Threads of ${item.title}`}>
            {threads.map((thread) => (
              <li key={thread.threadKey} className="flex min-w-0 items-center gap-1.5 text-[12px]">
                <Mail className="size-3.5 shrink-0 text-muted" aria-hidden />
                <span className="truncate" title={thread.subject}>
                  {thread.subject}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
