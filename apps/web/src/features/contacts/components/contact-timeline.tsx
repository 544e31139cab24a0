import type { TimelineEvent, TimelineEventType } from '@ledgerdesk/domain/entities';
import { CalendarDays, CheckSquare, type LucideIcon, Mail } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatDateTime, timeAgo } from '../utils/format';

const EVENT_STYLES: Record<TimelineEventType, { label: string; icon: LucideIcon; className: string }> = {
  email: { label: 'Email', icon: Mail, className: 'bg-accent-soft text-accent' },
  task: { label: 'Task', icon: CheckSquare, className: 'bg-hover text-fg' },
  meeting: { label: 'Meeting', icon: CalendarDays, className: 'bg-hover text-fg' },
};

/** The contact's history, newest first: emails, tasks and meetings with author and time. */
export function ContactTimeline({ events }: { events: TimelineEvent[] }) {
  const sorted = [...events].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return (
    <ol className="relative flex flex-col gap-4" aria-label="Timeline">
      {sorted.map((event, index) => {
        const style = EVENT_STYLES[event.type];
        const Icon = style.icon;
        return (
          <li key={`${event.timestamp}-${event.title}`} className="relative flex gap-3">
            {index < sorted.length - 1 ? (
              <span aria-hidden className="absolute top-8 bottom-[-16px] left-[15px] w-px bg-border" />
            ) : null}
            <span
              className={cn(
                'z-0 flex size-8 shrink-0 items-center justify-center rounded-full',
                style.className,
              )}
            >
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1 rounded-lg border border-border bg-surface p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <p className="text-[13px] font-semibold">
                  <span className="mr-1.5 text-[11px] font-medium tracking-wide text-muted uppercase">
                    {style.label}
                  </span>
                  {event.title}
                </p>
                <time
                  dateTime={event.timestamp}
                  title={formatDateTime(event.timestamp)}
                  className="text-[12px] text-muted"
                >
                  {timeAgo(event.timestamp)}
                </time>
              </div>
              <p className="mt-1 text-[13px] text-muted">{event.description}</p>
              <p className="mt-1.5 text-[12px] text-muted">
                by <span className="font-medium text-fg">{event.author}</span> ·{' '}
                {formatDateTime(event.timestamp)}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
