import type { Contact, TimelineEvent, WorkItem } from '@ledgerdesk/domain/entities';

// What the contact detail screen shows beyond the contact itself: a relationship status, the timeline and
// the jobs for that client. Fixed sample data (spec §1), times relative to now so it never looks stale.

export type ContactStatus = 'Active client' | 'Onboarding' | 'Former client';
export type ContactWork = Pick<WorkItem, 'id' | 'title' | 'status' | 'progress' | 'dueDate'>;
export type ContactDetail = { status: ContactStatus; timeline: TimelineEvent[]; work: ContactWork[] };

const HOUR = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

const DETAILS: Record<string, ContactDetail> = {
  'c-priya-natarajan': {
    status: 'Active client',
    timeline: [
      {
        type: 'email',
        title: 'Re: Q3 VAT return — missing supplier invoices',
        description: 'Priya sent the three Henry Schein invoices we were missing for September.',
        timestamp: at(-2),
        author: 'Priya Natarajan',
      },
      {
        type: 'task',
        title: 'Reconcile practice bank account to 30 September',
        description: 'Marked complete; two card refunds matched to the patient ledger.',
        timestamp: at(-20),
        author: 'Dev Patel',
      },
      {
        type: 'meeting',
        title: 'Quarterly review call',
        description: 'Discussed the new associate dentist’s payroll and the VAT partial-exemption method.',
        timestamp: at(-74),
        author: 'Sam Carter',
      },
      {
        type: 'email',
        title: 'Payroll year-end checklist',
        description: 'Sent the P60 and P11D checklist ahead of April.',
        timestamp: at(-168),
        author: 'Jo Whitfield',
      },
    ],
    work: [
      {
        id: 'wi-1038',
        title: 'Q3 VAT return — Northgate Dental',
        status: 'IN_PROGRESS',
        progress: 40,
        dueDate: at(72),
      },
      {
        id: 'wi-1033',
        title: 'Payroll year-end P60s — Northgate Dental',
        status: 'DONE',
        progress: 100,
        dueDate: at(-400),
      },
      { id: 'wi-1056', title: 'Partial-exemption VAT review', status: 'TO_DO', dueDate: at(900) },
    ],
  },
  'c-harper-lowe': {
    status: 'Active client',
    timeline: [
      {
        type: 'meeting',
        title: 'Partners’ tax planning meeting',
        description: 'Agreed drawings forecast for the year and the timing of the partnership return.',
        timestamp: at(-26),
        author: 'Elena Rossi',
      },
      {
        type: 'email',
        title: 'Client money account — reporting accountant’s letter',
        description: 'Olivia asked for the SRA accountant’s report timetable.',
        timestamp: at(-50),
        author: 'Olivia Harper',
      },
      {
        type: 'task',
        title: 'Request partners’ personal income schedules',
        description: 'Checklist sent to all four partners.',
        timestamp: at(-96),
        author: 'Sam Carter',
      },
    ],
    work: [
      { id: 'wi-1045', title: 'Partnership tax returns', status: 'TO_DO', dueDate: at(576) },
      {
        id: 'wi-1058',
        title: 'SRA accountant’s report',
        status: 'IN_PROGRESS',
        progress: 30,
        dueDate: at(1200),
      },
      {
        id: 'wi-1027',
        title: 'Year-end accounts to 30 April',
        status: 'DONE',
        progress: 100,
        dueDate: at(-900),
      },
    ],
  },
  'c-james-whitaker': {
    status: 'Active client',
    timeline: [
      {
        type: 'email',
        title: 'Stock count sheets for year end',
        description: 'James sent the closing stock count for both shops.',
        timestamp: at(-5),
        author: 'James Whitaker',
      },
      {
        type: 'meeting',
        title: 'Year-end planning',
        description: 'Walked through the new oven finance lease and capital allowances.',
        timestamp: at(-98),
        author: 'Sam Carter',
      },
    ],
    work: [
      {
        id: 'wi-1042',
        title: 'Brightwater Bakery — Year-end accounts',
        status: 'IN_PROGRESS',
        progress: 65,
        dueDate: at(216),
      },
    ],
  },
};

/** The detail of one sample contact; contacts without hand-written detail get a plausible short history. */
export function sampleContactDetail(contact: Contact): ContactDetail {
  const detail = DETAILS[contact.id];
  if (detail) return detail;
  const isFormer = contact.id === 'c-tom-mason';
  return {
    status: isFormer ? 'Former client' : contact.id === 'c-amara-okafor' ? 'Onboarding' : 'Active client',
    timeline: [
      {
        type: 'email',
        title: `Documents received from ${contact.organization}`,
        description: 'Bank statements and the purchase ledger export for the quarter.',
        timestamp: contact.lastActivity,
        author: contact.type === 'PERSON' ? contact.name : 'Client portal',
      },
      {
        type: 'task',
        title: 'Engagement letter renewed',
        description: 'Signed engagement letter filed for the new financial year.',
        timestamp: at(-240),
        author: 'Jo Whitfield',
      },
      {
        type: 'meeting',
        title: 'Introductory call',
        description: 'Agreed deadlines, the document checklist and who to contact for what.',
        timestamp: at(-600),
        author: 'Sam Carter',
      },
    ],
    work: [
      {
        id: `${contact.id}-bk`,
        title: 'Quarterly bookkeeping review',
        status: isFormer ? 'DONE' : 'IN_PROGRESS',
        progress: isFormer ? 100 : 55,
        dueDate: at(isFormer ? -300 : 240),
      },
      {
        id: `${contact.id}-ct`,
        title: 'Corporation tax return',
        status: isFormer ? 'DONE' : 'TO_DO',
        progress: isFormer ? 100 : undefined,
        dueDate: at(isFormer ? -700 : 1300),
      },
    ],
  };
}
