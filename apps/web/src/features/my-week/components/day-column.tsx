import type { WeekDay, WeekTaskType } from '@ledgerdesk/domain/entities';
import { CalendarDays, CheckSquare, type LucideIcon } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';

const TYPES: Record<WeekTaskType, { label: string; icon: LucideIcon; className: string }> = {
  meeting: { label: 'Meeting', icon: CalendarDays, className: 'text-accent' },
  task: { label: 'Task', icon: CheckSquare, className: 'text-muted' },
};

const dayDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

/** One day: its name and date, then each item with time and type (meeting or task). */
export function DayColumn({ day, isToday }: { day: WeekDay; isToday: boolean }) {
  const headingId = `day-${day.date}`;
  const [year = 0, month = 1, date = 1] = day.date.split('-').map(Number);
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col rounded-lg border bg-surface',
        isToday ? 'border-accent/60 ring-1 ring-accent/30' : 'border-border',
      )}
    >
      <header className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 id={headingId} className="text-[13px] font-semibold">
          {day.day}{' '}
          <span className="font-normal text-muted">{dayDate.format(new Date(year, month - 1, date))}</span>
        </h2>
        {isToday ? <Badge tone="accent">Today</Badge> : null}
      </header>
      <ul className="flex flex-col gap-1 p-2">
        {day.tasks.map((task) => {
          const type = TYPES[task.type];
          const Icon = type.icon;
          return (
            <li
              key={`${task.time}-${task.title}`}
              className="flex gap-2.5 rounded-md px-1.5 py-1.5 hover:bg-hover/60"
            >
              <time className="w-10 shrink-0 pt-px text-[12px] font-medium text-muted tabular-nums">
                {task.time}
              </time>
              <div className="min-w-0 flex-1">
                <p className="text-[13px] leading-snug">{task.title}</p>
                <p className={cn('mt-0.5 flex items-center gap-1 text-[11px] font-medium', type.className)}>
                  <Icon className="size-3" aria-hidden />
                  {type.label}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
