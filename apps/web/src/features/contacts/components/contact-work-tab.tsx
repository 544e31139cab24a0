import { PROGRESS_BAR_MAX } from '@ledgerdesk/domain/constants';
import type { WorkStatus } from '@ledgerdesk/domain/entities';
import { Briefcase } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/page';
import type { ContactWork } from '../sample-data/sample-contact-details';
import { formatDate } from '../utils/format';

const STATUS: Record<WorkStatus, { label: string; tone: BadgeTone }> = {
  TO_DO: { label: 'To Do', tone: 'neutral' },
  IN_PROGRESS: { label: 'In Progress', tone: 'accent' },
  DONE: { label: 'Done', tone: 'success' },
};

/** The contact's jobs: title, status, due date and percent complete. */
export function ContactWorkTab({ work }: { work: ContactWork[] }) {
  if (work.length === 0) return <EmptyState icon={<Briefcase />} title="No work for this contact yet" />;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
      {work.map((item) => {
        const percent = Math.min(PROGRESS_BAR_MAX, Math.max(0, Math.round(item.progress ?? 0)));
        return (
          <li key={item.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <p className="truncate text-[13px] font-semibold">{item.title}</p>
              <p className="text-[12px] text-muted">Due {formatDate(item.dueDate)}</p>
            </div>
            <Badge tone={STATUS[item.status].tone} className="w-fit">
              {STATUS[item.status].label}
            </Badge>
            <div className="flex w-full items-center gap-2 sm:w-44">
              <div
                role="progressbar"
                aria-label={`${item.title} percent complete`}
                aria-valuemin={0}
                aria-valuemax={PROGRESS_BAR_MAX}
                aria-valuenow={percent}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-hover"
              >
                <div
                  className={percent === PROGRESS_BAR_MAX ? 'h-full bg-success' : 'h-full bg-accent'}
                  style={{ width: `${percent}%` }}
                />
              </div>
              <span className="w-16 text-right text-[12px] text-muted tabular-nums">{percent}% complete</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
