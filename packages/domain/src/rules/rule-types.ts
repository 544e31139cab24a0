/**
 * Rules (decision 025): what a person (or a firm's owners, for shared mailboxes) says once about a kind of mail.
 * Conditions are plain, case-insensitive text comparisons (no user-written regular expressions); actions are the
 * triage actions a person takes. Pure types and constants, shared by the server, the web and the tests.
 */

/** Headers a condition can name: the ones providers report for every message (domain triage/automated-mail.ts). */
export const RULE_HEADERS = ['list-id', 'list-unsubscribe', 'auto-submitted', 'precedence'] as const;
export type RuleHeader = (typeof RULE_HEADERS)[number];

export type RuleCondition =
  /** The sender's bare address equals the value. */
  | { kind: 'from_address'; value: string }
  /** The sender's domain is the value or one of its subdomains. */
  | { kind: 'from_domain'; value: string }
  /** The sender belongs to this client organisation (a contact of it, or one of its domains). */
  | { kind: 'from_client'; organisationId: string }
  /** An address in To or Cc contains the value. */
  | { kind: 'recipient_includes'; value: string }
  | { kind: 'subject_contains'; value: string }
  /** The preview or the body text contains the value. */
  | { kind: 'body_contains'; value: string }
  | { kind: 'has_attachment' }
  /** Automated mail: the notification classing of decision 014. */
  | { kind: 'is_automated' }
  | { kind: 'header_present'; header: RuleHeader }
  | { kind: 'header_equals'; header: RuleHeader; value: string }
  | { kind: 'mailbox_is'; mailboxId: string };

export type RuleConditionKind = RuleCondition['kind'];

export type RuleAction =
  | { kind: 'later' }
  | { kind: 'low_priority' }
  | { kind: 'mark_read' }
  /** Clear & Archive: cleared in triage, archived in the mailbox. */
  | { kind: 'clear' }
  /** Move to Notifications: the item's type becomes `notification`. */
  | { kind: 'notifications' }
  /** Snooze until now + hours. */
  | { kind: 'snooze'; hours: number }
  /** Assign to a member (shared mailboxes only), with a to-do date this many days after the mail arrived. */
  | { kind: 'assign'; assigneeUserId: string; todoInDays: number | null }
  | { kind: 'set_client'; organisationId: string }
  | { kind: 'add_to_work'; workItemId: string };

export type RuleActionKind = RuleAction['kind'];

/** Personal rules act on one's own mailboxes; firm rules (managed by owners) only on mailboxes shared with the firm. */
export type RuleScope = 'personal' | 'firm';
export type RuleMatchMode = 'all' | 'any';

/** A rule as stored and evaluated. */
export type Rule = {
  id: string;
  name: string;
  scope: RuleScope;
  match: RuleMatchMode;
  conditions: RuleCondition[];
  actions: RuleAction[];
  /** No later rule runs on a message this rule matched. */
  stopHere: boolean;
  isEnabled: boolean;
  /** Rules run in ascending position (personal rules first, then firm rules, on a shared mailbox). */
  position: number;
  /** Raised by every edit: a rule is applied once per message per version. */
  version: number;
};

/** What a rule sees of one message; texts already lower-cased by `ruleMessageOf`. */
export type RuleMessage = {
  fromAddress: string;
  fromDomain: string;
  /** Client organisations the sender resolves to (by contact address, then domain). */
  clientOrganisationIds: readonly string[];
  recipients: readonly string[];
  subject: string;
  body: string;
  hasAttachments: boolean;
  isAutomated: boolean;
  /** Header values by lower-cased name; absent: the message does not carry it (or it is unknown). */
  headers: Partial<Record<RuleHeader, string>>;
  mailboxId: string;
  /** The mailbox is shared with the firm: firm rules and assignment apply. */
  isSharedMailbox: boolean;
};

export const RULES_MAX_PER_OWNER = 100;
export const RULE_CONDITIONS_MAX = 20;
export const RULE_ACTIONS_MAX = 10;
export const RULE_NAME_MAX_LENGTH = 100;
export const RULE_TEXT_MAX_LENGTH = 200;
export const RULE_SNOOZE_MAX_HOURS = 366 * 24;
export const RULE_TODO_MAX_DAYS = 366;
/** The preview looks back this far over stored items. */
export const RULE_PREVIEW_DAYS = 30;
/** The preview lists at most this many threads (the count covers them all). */
export const RULE_PREVIEW_LIST_MAX = 200;

export const RULE_ACTION_LABELS: Record<RuleActionKind, string> = {
  later: 'Later',
  low_priority: 'Low Priority',
  mark_read: 'Mark read',
  clear: 'Clear & Archive',
  notifications: 'Move to Notifications',
  snooze: 'Snooze',
  assign: 'Assign',
  set_client: 'Set client',
  add_to_work: 'Add to work',
};

/** What the thread's history says of a rule's action: "Low Priority — rule 'Newsletters'". */
export function ruleHistoryLabel(ruleName: string, actions: readonly Pick<RuleAction, 'kind'>[]): string {
  const labels = actions.map((action) => RULE_ACTION_LABELS[action.kind]).join(', ');
  return `${labels} — rule '${ruleName}'`;
}

/** "This rule would have matched 14 threads in the last 30 days". */
export function rulePreviewText(threadCount: number, days = RULE_PREVIEW_DAYS): string {
  return `This rule would have matched ${threadCount} ${threadCount === 1 ? 'thread' : 'threads'} in the last ${days} days`;
}
