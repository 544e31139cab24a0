import { z } from 'zod';
import { safeName, safeString } from '../api/safe-string';
import { RULE_MESSAGES } from './rule-messages';
import {
  RULE_ACTIONS_MAX,
  RULE_CONDITIONS_MAX,
  RULE_HEADERS,
  RULE_NAME_MAX_LENGTH,
  RULE_SNOOZE_MAX_HOURS,
  RULE_TEXT_MAX_LENGTH,
  RULE_TODO_MAX_DAYS,
} from './rule-types';

const text = (what: string) =>
  safeString()
    .trim()
    .min(1, `${what} must not be empty.`)
    .max(RULE_TEXT_MAX_LENGTH, `${what} must be at most ${RULE_TEXT_MAX_LENGTH} characters.`);

const header = z.enum(RULE_HEADERS, { message: `The header must be one of ${RULE_HEADERS.join(', ')}.` });
const uuid = (what: string) => z.uuid(`${what} must be a valid id.`);
/** A picked reference (a client, a mailbox): the form's pickers leave it empty until one is chosen. */
const picked = (what: string) => z.uuid(`Choose ${what}.`);

export const ruleConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('from_address'), value: text('The address') }),
    z.strictObject({ kind: z.literal('from_domain'), value: text('The domain') }),
    z.strictObject({ kind: z.literal('from_client'), organisationId: picked('a client') }),
    z.strictObject({ kind: z.literal('recipient_includes'), value: text('The recipient') }),
    z.strictObject({ kind: z.literal('subject_contains'), value: text('The subject text') }),
    z.strictObject({ kind: z.literal('body_contains'), value: text('The text') }),
    z.strictObject({ kind: z.literal('has_attachment') }),
    z.strictObject({ kind: z.literal('is_automated') }),
    z.strictObject({ kind: z.literal('header_present'), header }),
    z.strictObject({ kind: z.literal('header_equals'), header, value: text('The header value') }),
    z.strictObject({ kind: z.literal('mailbox_is'), mailboxId: picked('a mailbox') }),
  ],
  { message: 'Unknown condition.' },
);

export const ruleActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('later') }),
    z.strictObject({ kind: z.literal('low_priority') }),
    z.strictObject({ kind: z.literal('mark_read') }),
    z.strictObject({ kind: z.literal('clear') }),
    z.strictObject({ kind: z.literal('notifications') }),
    z.strictObject({
      kind: z.literal('snooze'),
      hours: z
        .number()
        .int('Snooze hours must be a whole number.')
        .min(1, 'Snooze for at least 1 hour.')
        .max(RULE_SNOOZE_MAX_HOURS, 'Snooze for at most 366 days.'),
    }),
    z.strictObject({
      kind: z.literal('assign'),
      assigneeUserId: safeString().min(1, 'Choose a member.').max(200),
      todoInDays: z
        .number()
        .int('The to-do date offset must be a whole number of days.')
        .min(0, 'The to-do date cannot be in the past.')
        .max(RULE_TODO_MAX_DAYS, 'The to-do date must be within 366 days.')
        .nullable(),
    }),
    z.strictObject({ kind: z.literal('set_client'), organisationId: picked('a client') }),
    z.strictObject({
      kind: z.literal('add_to_work'),
      workItemId: safeName().min(1, 'Choose a work item.').max(100),
    }),
  ],
  { message: 'Unknown action.' },
);

const ruleFields = {
  name: safeName()
    .min(1, 'Give the rule a name.')
    .max(RULE_NAME_MAX_LENGTH, `A rule name must be at most ${RULE_NAME_MAX_LENGTH} characters.`),
  match: z.enum(['all', 'any'], { message: 'match must be all or any.' }),
  conditions: z
    .array(ruleConditionSchema)
    .min(1, 'Add at least one condition.')
    .max(RULE_CONDITIONS_MAX, RULE_MESSAGES.tooManyConditions),
  actions: z
    .array(ruleActionSchema)
    .min(1, 'Add at least one action.')
    .max(RULE_ACTIONS_MAX, `A rule can have at most ${RULE_ACTIONS_MAX} actions.`),
  stopHere: z.boolean(),
  isEnabled: z.boolean(),
};

const scope = z.enum(['personal', 'firm'], { message: 'scope must be personal or firm.' });

/** A rule as created through the API. */
export const ruleBodySchema = z.strictObject({
  ...ruleFields,
  scope: scope.default('personal'),
  match: ruleFields.match.default('all'),
  stopHere: ruleFields.stopHere.default(false),
  isEnabled: ruleFields.isEnabled.default(true),
});
export type RuleBody = z.output<typeof ruleBodySchema>;

/** PATCH: any field except the scope (a rule does not move between a person and the firm); each edit is a new version. */
export const rulePatchSchema = z
  .strictObject(ruleFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Change at least one field.');
export type RulePatch = z.output<typeof rulePatchSchema>;

export const ruleParamsSchema = z.strictObject({ id: uuid('id') });

export const reorderRulesBodySchema = z.strictObject({
  scope: scope.default('personal'),
  ids: z.array(uuid('Each id')).min(1).max(100),
});
export type ReorderRulesBody = z.output<typeof reorderRulesBodySchema>;

/** The preview takes a rule as it would be saved (only its scope, match and conditions count). */
export const rulePreviewBodySchema = z.strictObject({
  name: ruleFields.name.optional(),
  scope: scope.default('personal'),
  match: ruleFields.match.default('all'),
  conditions: ruleFields.conditions,
  actions: ruleFields.actions.optional(),
  stopHere: ruleFields.stopHere.optional(),
  isEnabled: ruleFields.isEnabled.optional(),
});
export type RulePreviewBody = z.output<typeof rulePreviewBodySchema>;
