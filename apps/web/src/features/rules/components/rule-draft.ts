import type { RuleDto } from '@ledgerdesk/domain/api/rules-endpoints';
import { ruleBodySchema } from '@ledgerdesk/domain/rules/rule-schema';
import {
  RULE_ACTION_LABELS,
  RULE_HEADERS,
  type RuleAction,
  type RuleActionKind,
  type RuleCondition,
  type RuleConditionKind,
  type RuleHeader,
  type RuleScope,
} from '@ledgerdesk/domain/rules/rule-types';
import type { RuleInput } from '../api/rules-api';

/** One condition row as typed (every field a string until it is checked). */
export type ConditionDraft = { kind: RuleConditionKind; value: string; header: RuleHeader; refId: string };
/** One action row as typed. */
export type ActionDraft = {
  kind: RuleActionKind;
  hours: string;
  assigneeUserId: string;
  todoInDays: string;
  organisationId: string;
  workItemId: string;
};

export type RuleDraft = {
  name: string;
  scope: RuleScope;
  match: 'all' | 'any';
  conditions: ConditionDraft[];
  actions: ActionDraft[];
  stopHere: boolean;
  isEnabled: boolean;
};

export const CONDITION_LABELS: Record<RuleConditionKind, string> = {
  from_address: 'From address is',
  from_domain: 'From domain is',
  from_client: 'From client (organisation id)',
  recipient_includes: 'To or Cc includes',
  subject_contains: 'Subject contains',
  body_contains: 'Preview or body contains',
  has_attachment: 'Has an attachment',
  is_automated: 'Is automated mail',
  header_present: 'Header is present',
  header_equals: 'Header equals',
  mailbox_is: 'Mailbox is (mailbox id)',
};

export const ACTION_KINDS = Object.keys(RULE_ACTION_LABELS) as RuleActionKind[];
export const CONDITION_KINDS = Object.keys(CONDITION_LABELS) as RuleConditionKind[];
export { RULE_HEADERS };

export const emptyCondition = (kind: RuleConditionKind = 'from_address'): ConditionDraft => ({
  kind,
  value: '',
  header: 'list-id',
  refId: '',
});

export const emptyAction = (kind: RuleActionKind = 'later'): ActionDraft => ({
  kind,
  hours: '24',
  assigneeUserId: '',
  todoInDays: '',
  organisationId: '',
  workItemId: '',
});

export function newDraft(scope: RuleScope, prefill?: Partial<RuleDraft>): RuleDraft {
  return {
    name: '',
    scope,
    match: 'all',
    conditions: [emptyCondition()],
    actions: [emptyAction()],
    stopHere: false,
    isEnabled: true,
    ...prefill,
  };
}

function conditionDraftOf(condition: RuleCondition): ConditionDraft {
  const draft = emptyCondition(condition.kind);
  if ('value' in condition) draft.value = condition.value;
  if ('header' in condition) draft.header = condition.header;
  if (condition.kind === 'from_client') draft.refId = condition.organisationId;
  if (condition.kind === 'mailbox_is') draft.refId = condition.mailboxId;
  return draft;
}

function actionDraftOf(action: RuleAction): ActionDraft {
  const draft = emptyAction(action.kind);
  if (action.kind === 'snooze') draft.hours = String(action.hours);
  if (action.kind === 'assign') {
    draft.assigneeUserId = action.assigneeUserId;
    draft.todoInDays = action.todoInDays == null ? '' : String(action.todoInDays);
  }
  if (action.kind === 'set_client') draft.organisationId = action.organisationId;
  if (action.kind === 'add_to_work') draft.workItemId = action.workItemId;
  return draft;
}

export function draftOf(rule: RuleDto): RuleDraft {
  return {
    name: rule.name,
    scope: rule.scope,
    match: rule.match,
    conditions: rule.conditions.map(conditionDraftOf),
    actions: rule.actions.map(actionDraftOf),
    stopHere: rule.stopHere,
    isEnabled: rule.isEnabled,
  };
}

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

function conditionOf(draft: ConditionDraft): Record<string, unknown> {
  switch (draft.kind) {
    case 'has_attachment':
    case 'is_automated':
      return { kind: draft.kind };
    case 'header_present':
      return { kind: draft.kind, header: draft.header };
    case 'header_equals':
      return { kind: draft.kind, header: draft.header, value: draft.value };
    case 'from_client':
      return { kind: draft.kind, organisationId: draft.refId.trim() };
    case 'mailbox_is':
      return { kind: draft.kind, mailboxId: draft.refId.trim() };
    default:
      return { kind: draft.kind, value: draft.value };
  }
}

function actionOf(draft: ActionDraft): Record<string, unknown> {
  switch (draft.kind) {
    case 'snooze':
      return { kind: draft.kind, hours: numberOf(draft.hours) };
    case 'assign':
      return {
        kind: draft.kind,
        assigneeUserId: draft.assigneeUserId.trim(),
        todoInDays: draft.todoInDays.trim() === '' ? null : numberOf(draft.todoInDays),
      };
    case 'set_client':
      return { kind: draft.kind, organisationId: draft.organisationId.trim() };
    case 'add_to_work':
      return { kind: draft.kind, workItemId: draft.workItemId.trim() };
    default:
      return { kind: draft.kind };
  }
}

/** The field errors of a draft, keyed by path ("name", "conditions", "conditions.0"), with the domain's messages. */
export type DraftErrors = Record<string, string>;

/** Checks the draft with the domain's schema (the server's own messages); the body to send, or the errors. */
export function checkDraft(
  draft: RuleDraft,
): { body: RuleInput; errors: null } | { body: null; errors: DraftErrors } {
  const candidate = {
    name: draft.name,
    scope: draft.scope,
    match: draft.match,
    conditions: draft.conditions.map(conditionOf),
    actions: draft.actions.map(actionOf),
    stopHere: draft.stopHere,
    isEnabled: draft.isEnabled,
  };
  const parsed = ruleBodySchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: DraftErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const key = typeof index === 'number' ? `${String(field)}.${index}` : String(field ?? 'form');
    errors[key] ??= issue.message;
  }
  return { body: null, errors };
}

function conditionSummary(condition: RuleCondition): string {
  switch (condition.kind) {
    case 'from_address':
      return `from ${condition.value}`;
    case 'from_domain':
      return `from @${condition.value}`;
    case 'from_client':
      return 'from a client';
    case 'recipient_includes':
      return `to/cc includes "${condition.value}"`;
    case 'subject_contains':
      return `subject contains "${condition.value}"`;
    case 'body_contains':
      return `text contains "${condition.value}"`;
    case 'has_attachment':
      return 'has an attachment';
    case 'is_automated':
      return 'automated mail';
    case 'header_present':
      return `has ${condition.header}`;
    case 'header_equals':
      return `${condition.header} is "${condition.value}"`;
    case 'mailbox_is':
      return 'in one mailbox';
  }
}

function actionSummary(action: RuleAction): string {
  if (action.kind === 'snooze') return `Snooze ${action.hours} h`;
  return RULE_ACTION_LABELS[action.kind];
}

/** One line: "from @bank.com and subject contains "statement" → Low Priority, Mark read". */
export function ruleSummary(rule: Pick<RuleDto, 'match' | 'conditions' | 'actions'>): string {
  const joiner = rule.match === 'all' ? ' and ' : ' or ';
  return `${rule.conditions.map(conditionSummary).join(joiner)} → ${rule.actions.map(actionSummary).join(', ')}`;
}
