import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from './rule-messages';
import { ruleBodySchema, rulePatchSchema } from './rule-schema';
import { RULE_CONDITIONS_MAX, RULE_TEXT_MAX_LENGTH } from './rule-types';

const valid = {
  name: 'Newsletters',
  conditions: [{ kind: 'header_present', header: 'list-id' }],
  actions: [{ kind: 'low_priority' }],
};

const firstMessage = (input: unknown) => {
  const result = ruleBodySchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('rule body schema', () => {
  it('accepts a rule and fills the defaults', () => {
    expect(ruleBodySchema.parse(valid)).toMatchObject({
      scope: 'personal',
      match: 'all',
      stopHere: false,
      isEnabled: true,
    });
  });
  it(`refuses more than ${RULE_CONDITIONS_MAX} conditions with a clear message`, () => {
    const conditions = Array.from({ length: RULE_CONDITIONS_MAX + 1 }, () => ({ kind: 'has_attachment' }));
    expect(firstMessage({ ...valid, conditions })).toBe(RULE_MESSAGES.tooManyConditions);
    expect(firstMessage({ ...valid, conditions: conditions.slice(1) })).toBeNull();
  });
  it('refuses texts longer than the limit, empty texts, no conditions and no actions', () => {
    const long = 'x'.repeat(RULE_TEXT_MAX_LENGTH + 1);
    expect(firstMessage({ ...valid, conditions: [{ kind: 'subject_contains', value: long }] })).toMatch(
      /at most 200 characters/,
    );
    expect(firstMessage({ ...valid, conditions: [{ kind: 'subject_contains', value: '  ' }] })).toMatch(
      /must not be empty/,
    );
    expect(firstMessage({ ...valid, conditions: [] })).toBe('Add at least one condition.');
    expect(firstMessage({ ...valid, actions: [] })).toBe('Add at least one action.');
    expect(firstMessage({ ...valid, name: 'n'.repeat(101) })).toMatch(/at most 100 characters/);
  });
  it('refuses unknown kinds, unknown headers, extra keys and bad offsets', () => {
    expect(firstMessage({ ...valid, conditions: [{ kind: 'regex', value: '.*' }] })).toBeTruthy();
    expect(firstMessage({ ...valid, conditions: [{ kind: 'header_present', header: 'x-secret' }] })).toMatch(
      /header must be one of/,
    );
    expect(firstMessage({ ...valid, actions: [{ kind: 'later', extra: 1 }] })).toBeTruthy();
    expect(firstMessage({ ...valid, actions: [{ kind: 'snooze', hours: 0 }] })).toBe(
      'Snooze for at least 1 hour.',
    );
    expect(
      firstMessage({ ...valid, actions: [{ kind: 'assign', assigneeUserId: 'u', todoInDays: -1 }] }),
    ).toBe('The to-do date cannot be in the past.');
  });
  it('a patch needs at least one field and cannot change the scope', () => {
    expect(rulePatchSchema.safeParse({}).success).toBe(false);
    expect(rulePatchSchema.safeParse({ isEnabled: false }).success).toBe(true);
    expect(rulePatchSchema.safeParse({ scope: 'firm' }).success).toBe(false);
  });
});
