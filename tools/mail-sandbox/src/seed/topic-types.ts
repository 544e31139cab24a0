import type { Random } from '../util/prng';
import type { Client } from './vocabulary';
import { MONTHS } from './vocabulary';

export type TopicParams = {
  month: string;
  year: number;
  quarterEnd: string;
  invoiceNo: number;
  amount: string;
  dueDate: string;
  headcount: number;
};

export type AttachmentPlan = { name: string; contentType: string; minKb: number; maxKb: number };

export type Topic = {
  key: string;
  initiator: 'client' | 'firm' | 'notice';
  subject: (client: Client, p: TopicParams) => string;
  opening: (client: Client, p: TopicParams) => string[];
  attachments?: (client: Client, p: TopicParams) => AttachmentPlan[];
  hasLargeCc?: boolean;
  hasRemoteImages?: boolean;
  hasInlineImage?: boolean;
};

export const PDF = 'application/pdf';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Parameters for a thread, derived from its seed and date so a body renders the same every time. */
export function topicParams(random: Random, at: number): TopicParams {
  const date = new Date(at);
  const monthIndex = (date.getUTCMonth() + 11) % 12;
  const quarterEndMonth = MONTHS[[2, 5, 8, 11][Math.floor(monthIndex / 3)] ?? 2] ?? 'March';
  const due = new Date(at + random.int(5, 40) * 86_400_000);
  return {
    month: MONTHS[monthIndex] ?? 'January',
    year: date.getUTCFullYear(),
    quarterEnd: `${quarterEndMonth} ${date.getUTCFullYear()}`,
    invoiceNo: random.int(1040, 4980),
    amount: `£${groupThousands(random.int(180, 24_000))}.${String(random.int(0, 99)).padStart(2, '0')}`,
    dueDate: `${due.getUTCDate()} ${MONTHS[due.getUTCMonth()]} ${due.getUTCFullYear()}`,
    headcount: random.int(3, 42),
  };
}

// Intl formatting is slow enough to dominate generating 100k messages, hence the hand-rolled version.
function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
