import type { WorkItem } from '@ledgerdesk/domain/entities';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDueDate, STATUS_LABELS, STATUS_ORDER } from '../utils/format';
import { AssigneeStack } from './assignee-stack';
import { WorkProgress } from './work-progress';

const STATUS_TONES: Record<WorkItem['status'], BadgeTone> = {
  TO_DO: 'neutral',
  IN_PROGRESS: 'accent',
  DONE: 'success',
};

/** The list view: one row per job, in board order, scrolling sideways on a narrow screen. */
export function WorkList({ items }: { items: WorkItem[] }) {
  const rows = [...items].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[860px] border-collapse text-[13px]">
        <caption className="sr-only">Work items</caption>
        <thead className="bg-surface-2 text-left text-[12px] text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Title
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Due
            </th>
            <th scope="col" className="w-40 px-3 py-2 font-medium">
              Progress
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Budget
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Actual
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Remaining
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Assignees
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.id} className="border-t border-border hover:bg-hover/60">
              <td className="px-3 py-2.5">
                <Link to={`/work/${item.id}`} className="font-medium hover:text-accent hover:underline">
                  {item.title}
                </Link>
              </td>
              <td className="px-3 py-2.5">
                <Badge tone={STATUS_TONES[item.status]}>{STATUS_LABELS[item.status]}</Badge>
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap text-muted">{formatDueDate(item.dueDate)}</td>
              <td className="px-3 py-2.5">
                <WorkProgress title={item.title} progress={item.progress} />
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{formatCurrency(item.budget)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{formatCurrency(item.actual)}</td>
              <td className={cn('px-3 py-2.5 text-right tabular-nums', item.remaining < 0 && 'text-danger')}>
                {formatCurrency(item.remaining)}
              </td>
              <td className="px-3 py-2.5">
                <AssigneeStack names={item.assignees} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
