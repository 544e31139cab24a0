export type TriageView =
  | 'inbox'
  | 'later'
  | 'low-priority'
  | 'scheduled'
  | 'sent'
  | 'cleared'
  | 'drafts'
  | 'shared';

export const TRIAGE_VIEWS: readonly TriageView[] = [
  'inbox',
  'later',
  'low-priority',
  'scheduled',
  'sent',
  'cleared',
  'drafts',
  'shared',
];

const PERSONAL_VIEW = /^\/triage\/personal\/(inbox|later|low-priority|scheduled|sent|cleared)(?:\/|$)/;
const SHARED_VIEW = /^\/triage\/shared\/([^/]+)(?:\/(later|low-priority|scheduled|sent|cleared))?(?:\/|$)/;

/** The views of a shared mailbox besides its own (main) one, as its members reach their own (decision 012). */
export const SHARED_SUB_VIEWS = ['later', 'low-priority', 'scheduled', 'sent', 'cleared'] as const;
export type SharedSubView = (typeof SHARED_SUB_VIEWS)[number];
// Spec §2: the filters also recognise these fragments directly under /triage.
const FRAGMENT_VIEW = /^\/triage\/(drafts|sent|cleared|later|low-priority|scheduled)(?:\/|$)/;

/** The triage view a path shows; any other triage path (and / or /triage) is the main inbox view. */
export function viewFromPath(pathname: string): TriageView {
  const personal = PERSONAL_VIEW.exec(pathname);
  if (personal?.[1]) return personal[1] as TriageView;
  const shared = SHARED_VIEW.exec(pathname);
  if (shared) return (shared[2] as TriageView | undefined) ?? 'shared';
  const fragment = FRAGMENT_VIEW.exec(pathname);
  if (fragment?.[1]) return fragment[1] as TriageView;
  return 'inbox';
}

/** The mailbox id of a /triage/shared/{mailboxId} path, else null. */
export function sharedMailboxIdFromPath(pathname: string): string | null {
  const match = SHARED_VIEW.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The path that shows a view (shared needs a mailbox id). */
export function pathForView(view: Exclude<TriageView, 'shared'>): string {
  return view === 'drafts' ? '/triage/drafts' : `/triage/personal/${view}`;
}

/** The path of a shared mailbox's view: its own (main) view, or one of its sub-views. */
export function pathForSharedView(mailboxId: string, view: SharedSubView | null): string {
  const base = `/triage/shared/${encodeURIComponent(mailboxId)}`;
  return view ? `${base}/${view}` : base;
}
