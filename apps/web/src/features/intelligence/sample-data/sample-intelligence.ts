// Fixed sample figures for the intelligence dashboard (spec §1: no server calls; spec §2: all static).
// A later change swaps this file for real queries without touching the components.

export type Trend = 'up' | 'down';
export type InsightPriority = 'Critical' | 'High' | 'Medium';
export type ActionKind = 'capacity' | 'health' | 'forecast';

export type Kpi = { label: string; value: string; changePercent: number; trend: Trend; period: string };
export type Insight = {
  id: string;
  title: string;
  description: string;
  priority: InsightPriority;
  category: string;
};
export type ActionCard = { kind: ActionKind; title: string; description: string };

export const SAMPLE_KPIS: Kpi[] = [
  { label: 'Active Clients', value: '128', changePercent: 4.1, trend: 'up', period: 'last month' },
  { label: 'Revenue This Month', value: '£86,420', changePercent: 12.6, trend: 'up', period: 'last month' },
  { label: 'Billable Hours', value: '1,146', changePercent: 3.2, trend: 'down', period: 'last month' },
  { label: 'Open Tasks', value: '57', changePercent: 8.5, trend: 'down', period: 'last week' },
];

export const SAMPLE_INSIGHTS: Insight[] = [
  {
    id: 'ins-vat-deadline',
    title: '6 VAT returns are due within 7 days',
    description: 'Northgate Dental and Mason Build Co. are still waiting on client records.',
    priority: 'Critical',
    category: 'Deadlines',
  },
  {
    id: 'ins-overbudget',
    title: 'Calder Logistics audit is tracking 18% over budget',
    description: 'Fixed asset testing has taken twice the planned hours; consider a fee review.',
    priority: 'High',
    category: 'Profitability',
  },
  {
    id: 'ins-capacity',
    title: 'Elena Rossi is booked at 112% next week',
    description: 'Two year-end jobs overlap; Tom Hughes has 9 free hours to take one on.',
    priority: 'High',
    category: 'Capacity',
  },
  {
    id: 'ins-unbilled',
    title: '£14,200 of work in progress is unbilled for over 60 days',
    description: 'Mostly bookkeeping for five hospitality clients.',
    priority: 'Medium',
    category: 'Cash flow',
  },
  {
    id: 'ins-engagement',
    title: '3 engagement letters expire this month',
    description: 'Harper & Lowe LLP, Riverside Physio and Fern & Field Florists.',
    priority: 'Medium',
    category: 'Compliance',
  },
];

export const SAMPLE_ACTIONS: ActionCard[] = [
  {
    kind: 'capacity',
    title: 'View Capacity Dashboard',
    description: 'Who is over- or under-booked over the next four weeks.',
  },
  {
    kind: 'health',
    title: 'Run Health Check',
    description: 'Find jobs at risk: overdue, over budget, or waiting on clients.',
  },
  {
    kind: 'forecast',
    title: 'Generate Forecast',
    description: 'Project revenue and hours for the next quarter from current work.',
  },
];
