import { CalendarCheck, CalendarPlus, CheckSquare, Clock, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { mondayOf, SAMPLE_WEEK_HOURS, sampleWeek } from '../sample-data/sample-week';
import { DayColumn } from './day-column';
import { StatCard } from './stat-card';

const weekLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** /my-week (spec §2 My Week, sample): the week's label, four stat cards and each day's meetings and tasks. */
export function MyWeekPage() {
  const today = useMemo(() => new Date(), []);
  const week = useMemo(() => sampleWeek(today), [today]);
  const tasks = week.flatMap((day) => day.tasks);
  const meetings = tasks.filter((task) => task.type === 'meeting').length;
  return (
    <Page
      title="My Week"
      description={`Week of ${weekLabel.format(mondayOf(today))}`}
      actions={
        // Sample screen: no calendar is connected yet.
        <Button variant="primary">
          <CalendarPlus aria-hidden />
          Add to Calendar
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard label="Total Hours" value={SAMPLE_WEEK_HOURS.total} icon={Clock} />
          <StatCard label="Planned Hours" value={SAMPLE_WEEK_HOURS.planned} icon={CalendarCheck} />
          <StatCard label="Meetings" value={meetings} icon={Users} />
          <StatCard label="Tasks" value={tasks.length - meetings} icon={CheckSquare} />
        </div>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-5">
          {week.map((day) => (
            <DayColumn key={day.date} day={day} isToday={isSameDate(day.date, today)} />
          ))}
        </div>
      </div>
    </Page>
  );
}

function isSameDate(isoDate: string, date: Date): boolean {
  const [year, month, day] = isoDate.split('-').map(Number);
  return year === date.getFullYear() && month === date.getMonth() + 1 && day === date.getDate();
}
