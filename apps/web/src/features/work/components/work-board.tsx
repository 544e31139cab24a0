import type { WorkItem } from '@ledgerdesk/domain/entities';
import { STATUS_LABELS, STATUS_ORDER } from '../utils/format';
import { WorkCard } from './work-card';

/** The Kanban view: To Do, In Progress and Done, each headed by its count. */
export function WorkBoard({ items }: { items: WorkItem[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      {STATUS_ORDER.map((status) => {
        const column = items.filter((item) => item.status === status);
        const headingId = `work-column-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            className="flex min-w-0 flex-col gap-2 rounded-lg bg-surface-2 p-2"
          >
            <h2 id={headingId} className="flex items-center gap-2 px-1.5 pt-1 text-[13px] font-semibold">
              {STATUS_LABELS[status]}
              <span className="rounded-full bg-hover px-1.5 text-[11px] leading-5 font-semibold text-muted tabular-nums">
                {column.length}
              </span>
            </h2>
            <ul className="flex flex-col gap-2">
              {column.map((item) => (
                <li key={item.id}>
                  <WorkCard item={item} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
