import {
  Archive,
  ArrowDownCircle,
  BarChart3,
  Briefcase,
  Building2,
  CalendarDays,
  Clock,
  Clock3,
  FileEdit,
  Inbox,
  Lightbulb,
  type LucideIcon,
  Send,
  Share2,
  Timer,
  Users,
} from 'lucide-react';

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  badge?: 'later' | 'scheduled' | 'drafts';
};

/** The user-mailbox sub-group inside Triage (spec §2 Side navigation). */
export const MAILBOX_ITEMS: NavItem[] = [
  { label: 'Later', to: '/triage/personal/later', icon: Clock, badge: 'later' },
  { label: 'Low Priority', to: '/triage/personal/low-priority', icon: ArrowDownCircle },
  { label: 'Scheduled', to: '/triage/personal/scheduled', icon: Clock3, badge: 'scheduled' },
  { label: 'Sent', to: '/triage/personal/sent', icon: Send },
  { label: 'Cleared', to: '/triage/personal/cleared', icon: Archive },
];

export const DRAFTS_ITEM: NavItem = {
  label: 'Drafts',
  to: '/triage/drafts',
  icon: FileEdit,
  badge: 'drafts',
};
export const TRIAGE_ICON = Inbox;
/** A mailbox shared with the user's firm, listed under Triage (decision 012). */
export const SHARED_MAILBOX_ICON = Share2;
export const FIRM_ITEM: NavItem = { label: 'Firm', to: '/firm', icon: Building2 };

export const MAIN_ITEMS: NavItem[] = [
  { label: 'My Week', to: '/my-week', icon: CalendarDays },
  { label: 'Work', to: '/work', icon: Briefcase },
  { label: 'Contacts', to: '/contacts', icon: Users },
  { label: 'Intelligence', to: '/intelligence', icon: BarChart3 },
  { label: 'Insights', to: '/insights', icon: Lightbulb },
  { label: 'Time', to: '/time', icon: Timer },
];

/** Static sample content for "Recently Viewed" (spec §2). */
export const RECENTLY_VIEWED: Array<{ label: string; to: string }> = [
  { label: 'Brightwater Bakery — Year-end accounts', to: '/work/wi-1042' },
  { label: 'Harper & Lowe LLP', to: '/contacts/c-harper-lowe' },
  { label: 'Q3 VAT return — Northgate Dental', to: '/work/wi-1038' },
  { label: 'Priya Natarajan', to: '/contacts/c-priya-natarajan' },
];
