import type { Topic } from './topic-types';

/** One-off notices from the tax authority, the bank and a software vendor (no replies). */
export const NOTICES: readonly Topic[] = [
  {
    key: 'tax-deadline',
    initiator: 'notice',
    subject: (_c, p) => `Reminder: VAT return due ${p.dueDate}`,
    opening: (_c, p) => [
      `This is a reminder that a VAT return for the period ending ${p.quarterEnd} is due by ${p.dueDate}.`,
      'You can file and pay online. Please do not reply to this email.',
    ],
  },
  {
    key: 'bank-alert',
    initiator: 'notice',
    subject: () => 'Your statement is ready to view',
    opening: (_c, p) => [
      `Your ${p.month} business account statement is now available in online banking.`,
      'For your security we never ask for passwords by email.',
    ],
  },
  {
    key: 'vendor-news',
    initiator: 'notice',
    subject: (_c, p) => `Your ${p.month} practice update: Making Tax Digital changes`,
    opening: () => [
      'New this month: bulk bank-feed matching, faster VAT submissions and a refreshed client portal.',
      'Read on for the Making Tax Digital timetable and three tips for a calmer filing season.',
    ],
    hasRemoteImages: true,
  },
];
