import { PDF, type Topic, XLSX } from './topic-types';

/** Conversations an accounting practice has with its clients. */
export const TOPICS: readonly Topic[] = [
  {
    key: 'invoice',
    initiator: 'firm',
    subject: (_c, p) => `Invoice INV-${p.invoiceNo} for ${p.month} bookkeeping`,
    opening: (c, p) => [
      `Please find attached invoice INV-${p.invoiceNo} for the ${p.month} bookkeeping and VAT work for ${c.company}.`,
      `The total due is ${p.amount}, payable by ${p.dueDate}. Bank details are on the invoice.`,
    ],
    attachments: (_c, p) => [{ name: `INV-${p.invoiceNo}.pdf`, contentType: PDF, minKb: 38, maxKb: 160 }],
  },
  {
    key: 'vat-return',
    initiator: 'firm',
    subject: (c, p) => `VAT return for quarter ending ${p.quarterEnd} – ${c.company}`,
    opening: (_c, p) => [
      `I have prepared the VAT return for the quarter ending ${p.quarterEnd}. The amount payable is ${p.amount}.`,
      `Could you review the attached workings and confirm you are happy for us to submit? The filing deadline is ${p.dueDate}.`,
    ],
    attachments: (_c, p) => [
      { name: `VAT workings ${p.quarterEnd}.xlsx`, contentType: XLSX, minKb: 24, maxKb: 380 },
    ],
  },
  {
    key: 'year-end',
    initiator: 'firm',
    subject: (_c, p) => `Year-end accounts ${p.year - 1}/${String(p.year).slice(2)} – draft for review`,
    opening: (c) => [
      `Attached are the draft year-end accounts for ${c.company}, together with the corporation tax computation.`,
      'There are a few points we need your help with before we can finalise – mainly the stock valuation and two large purchases that may be capital items.',
    ],
    attachments: (c, p) => [
      { name: `Draft accounts ${c.company} ${p.year - 1}.pdf`, contentType: PDF, minKb: 220, maxKb: 1400 },
      { name: 'Corporation tax computation.pdf', contentType: PDF, minKb: 60, maxKb: 240 },
    ],
  },
  {
    key: 'engagement-letter',
    initiator: 'firm',
    subject: (_c, p) => `Engagement letter ${p.year}/${String(p.year + 1).slice(2)}`,
    opening: (c) => [
      `As part of our annual review, please find attached our updated engagement letter for ${c.company}.`,
      'It covers bookkeeping, VAT returns, payroll and the year-end accounts. Please sign and return it at your convenience.',
    ],
    attachments: (c) => [
      { name: `Engagement letter - ${c.company}.pdf`, contentType: PDF, minKb: 90, maxKb: 310 },
    ],
  },
  {
    key: 'payroll-query',
    initiator: 'client',
    subject: (_c, p) => `Payroll query – ${p.month} run`,
    opening: (_c, p) => [
      `Quick question on the ${p.month} payroll: one of our ${p.headcount} staff has started working extra hours and another is going on maternity leave next month.`,
      'How should we record the overtime, and do you need anything from us for the statutory maternity pay?',
    ],
  },
  {
    key: 'bank-rec',
    initiator: 'firm',
    subject: (_c, p) => `Bank reconciliation ${p.month} – unmatched items`,
    opening: (_c, p) => [
      `While reconciling the ${p.month} bank statement we found a handful of transactions we cannot match, totalling ${p.amount}.`,
      'I have listed them in the attached spreadsheet. Could you let us know what each one relates to?',
    ],
    attachments: (_c, p) => [
      { name: `Bank rec ${p.month} ${p.year}.xlsx`, contentType: XLSX, minKb: 18, maxKb: 140 },
    ],
  },
  {
    key: 'self-assessment',
    initiator: 'client',
    subject: () => 'Self assessment – documents for this year',
    opening: () => [
      'I have pulled together my P60, the rental income summary and the dividend vouchers for my tax return.',
      'Is there anything else you need from me before the 31 January deadline?',
    ],
    attachments: () => [
      { name: 'P60.pdf', contentType: PDF, minKb: 40, maxKb: 120 },
      { name: 'Rental income summary.xlsx', contentType: XLSX, minKb: 16, maxKb: 60 },
    ],
  },
  {
    key: 'receipts',
    initiator: 'client',
    subject: (_c, p) => `Receipts for ${p.month}`,
    opening: (_c, p) => [
      `Here are the remaining receipts for ${p.month}. One of them is a photo as the paper copy faded.`,
      'Let me know if anything is unreadable.',
    ],
    hasInlineImage: true,
  },
  {
    key: 'board-pack',
    initiator: 'firm',
    subject: (_c, p) => `Management accounts and board pack – quarter to ${p.quarterEnd}`,
    opening: (c, p) => [
      `Ahead of Thursday's board meeting, please find the management accounts for ${c.company} for the quarter to ${p.quarterEnd}.`,
      `Revenue is up on the prior quarter, but cash headroom is tighter: the VAT payment of ${p.amount} falls due on ${p.dueDate}.`,
    ],
    attachments: (_c, p) => [
      { name: `Management accounts ${p.quarterEnd}.pdf`, contentType: PDF, minKb: 300, maxKb: 1800 },
      { name: 'Cash flow forecast.xlsx', contentType: XLSX, minKb: 40, maxKb: 420 },
    ],
    hasLargeCc: true,
  },
  {
    key: 'corporation-tax',
    initiator: 'client',
    subject: () => 'Corporation tax payment – how much and when?',
    opening: () => [
      'We have had a reminder about corporation tax and I am not sure whether it has already been paid.',
      'Could you confirm the amount and the payment reference we should use?',
    ],
  },
  {
    key: 'meeting',
    initiator: 'client',
    subject: () => 'Meeting to discuss the business plan',
    opening: (c) => [
      `We are thinking about taking on a second unit for ${c.company} and would value your view on the numbers.`,
      'Would you have an hour next week? Tuesday or Wednesday afternoon would suit us best.',
    ],
  },
];
