import type { WeekDay, WeekTask } from '@ledgerdesk/domain/entities';

// Fixed sample schedule (spec §1: this screen makes no server calls), laid on the current week so it never
// looks stale. A later change swaps this file for a real query.

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;

const TASKS_BY_DAY: WeekTask[][] = [
  [
    { title: 'Team stand-up', time: '09:00', type: 'meeting' },
    { title: 'Q3 VAT return — Northgate Dental: reconcile purchases', time: '09:30', type: 'task' },
    { title: 'Call with Priya Natarajan about missing invoices', time: '11:00', type: 'meeting' },
    { title: 'Review payroll exceptions — Oakfield Veterinary', time: '14:00', type: 'task' },
  ],
  [
    { title: 'Brightwater Bakery — stock and accruals', time: '09:30', type: 'task' },
    { title: 'Harper & Lowe partners’ tax planning', time: '13:00', type: 'meeting' },
    { title: 'Draft partnership return schedules', time: '15:00', type: 'task' },
  ],
  [
    { title: 'Team stand-up', time: '09:00', type: 'meeting' },
    { title: 'Calder Logistics audit — fixed asset testing', time: '10:00', type: 'task' },
    { title: 'Audit planning with Daniel Reyes', time: '14:30', type: 'meeting' },
  ],
  [
    { title: 'Management accounts — Riverside Physio', time: '09:30', type: 'task' },
    { title: 'Submit Q3 VAT return — Northgate Dental', time: '12:00', type: 'task' },
    { title: 'Onboarding call — Dr Amara Okafor', time: '15:30', type: 'meeting' },
  ],
  [
    { title: 'Team stand-up', time: '09:00', type: 'meeting' },
    { title: 'Month-end payroll run — Oakfield Veterinary', time: '10:00', type: 'task' },
    { title: 'Weekly client review', time: '16:00', type: 'meeting' },
  ],
];

/** Hours for the stat cards: the week's capacity, and what is booked against it. */
export const SAMPLE_WEEK_HOURS = { total: 37.5, planned: 31 } as const;

function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The Monday of the week that contains `today` (local time, midday to stay clear of DST edges). */
export function mondayOf(today: Date): Date {
  const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 12);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return monday;
}

/** The sample working week (Monday to Friday) of the week that contains `today`. */
export function sampleWeek(today: Date): WeekDay[] {
  const monday = mondayOf(today);
  return DAY_NAMES.map((day, index) => {
    const date = new Date(monday);
    date.setDate(monday.getDate() + index);
    return { day, date: toIsoDate(date), tasks: TASKS_BY_DAY[index] ?? [] };
  });
}
