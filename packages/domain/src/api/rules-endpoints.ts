import type { Rule } from '../rules/rule-types';

/**
 * Rules (decision 025). Every endpoint needs a session; errors are `{error:{code,message}}` with the texts of
 * rules/rule-messages.ts.
 *
 * GET    /api/rules                                 → RulesResponse (own personal rules; the firm's rules)
 * POST   /api/rules            body RuleBody        → 201 {rule: RuleDto}
 *        scope 'firm' only for owners (403); 100 rules per user and per firm (409); a mailbox, client or member
 *        the caller cannot name → 400.
 * PATCH  /api/rules/:id        body RulePatch       → {rule}  (each edit raises `version`; switching on clears
 *        `disabledReason`). Another member's personal rule, or a firm rule for a non-owner → 404 / 403.
 * DELETE /api/rules/:id                             → 204
 * POST   /api/rules/reorder    body {scope, ids}    → RulesResponse (ids: every rule of that scope, once)
 * POST   /api/rules/preview    body RulePreviewBody → RulePreviewResponse (stored items of the last 30 days)
 * POST   /api/rules/:id/apply                       → RuleApplyResponse (one bulk action, one Undo:
 *        POST /api/triage/actions/:actionId/undo)
 * A thread's rule history: GET /api/triage/threads/:threadKey/activity → `ruleHistory`.
 */
export const RULES_API = {
  rules: '/api/rules',
  rule: (id: string) => `/api/rules/${encodeURIComponent(id)}`,
  reorder: '/api/rules/reorder',
  preview: '/api/rules/preview',
  apply: (id: string) => `/api/rules/${encodeURIComponent(id)}/apply`,
} as const;

export type RuleDto = Rule & {
  /** Set when the engine switched the rule off (a member removed, a client deleted). */
  disabledReason: string | null;
  matchCount: number;
  lastMatchedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type RulesResponse = {
  personal: RuleDto[];
  firm: RuleDto[];
  /** The caller is in a firm, and may manage its rules (owner). */
  hasFirm: boolean;
  canManageFirmRules: boolean;
};

export type RulePreviewThread = {
  threadKey: string;
  subject: string | null;
  fromAddress: string | null;
  lastActivity: string;
  itemIds: string[];
  mailboxId: string | null;
};

export type RulePreviewResponse = {
  /** How many threads matched in the window (the list holds at most 200 of them, newest first). */
  count: number;
  /** "This rule would have matched 14 threads in the last 30 days". */
  text: string;
  threads: RulePreviewThread[];
  /** Said when some conditions cannot be judged on stored items (headers are not kept). */
  note: string | null;
};

export type RuleApplyResponse = {
  /** Items changed now; 0 when nothing matched. */
  updated: number;
  threadCount: number;
  /** Undo it with POST /api/triage/actions/:actionId/undo; null when nothing changed. */
  actionId: string | null;
};

/** One line of a thread's history written by a rule. */
export type RuleHistoryEntry = {
  ruleId: string;
  /** "Low Priority — rule 'Newsletters'" */
  label: string;
  actionId: string | null;
  appliedAt: string;
  isUndone: boolean;
};

export const RULE_PREVIEW_HEADER_NOTE =
  'Header conditions are checked on new mail only: stored items do not keep message headers.';
