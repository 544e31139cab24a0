import type { z } from 'zod';

// Zod's own messages speak its language ("Invalid input: expected object, received null", "Too big: expected
// string to have <=60 characters"). An API answer is read by people (a toast, a form, a developer's console),
// so a problem the schema gives no words of its own is said plainly here; a schema's own message (the spec's
// texts, "No items selected for update.") always wins over this map.

type RawIssue = z.core.$ZodRawIssue;

const NOUNS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMATS: Record<string, string> = {
  email: 'an email address',
  url: 'a web address',
  uuid: 'a valid id',
  guid: 'a valid id',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  time: 'a time (HH:MM)',
};

const count = (value: number | bigint, unit: string) => `${String(value)} ${unit}${value === 1 ? '' : 's'}`;

function sizeLimit(issue: { origin?: string; inclusive?: boolean }, bound: number | bigint, isMax: boolean) {
  const extreme = isMax ? 'most' : 'least';
  if (issue.origin === 'string') {
    if (!isMax && Number(bound) === 1) return 'must not be empty';
    return `must be at ${extreme} ${count(bound, 'character')}`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    if (!isMax && Number(bound) === 1) return 'must have at least one item';
    return `must have at ${extreme} ${count(bound, 'item')}`;
  }
  if (issue.inclusive === false) return `must be ${isMax ? 'less' : 'more'} than ${String(bound)}`;
  return `must be at ${extreme} ${String(bound)}`;
}

function plainMessage(issue: RawIssue): string | undefined {
  if (issue.input === undefined && issue.code !== 'unrecognized_keys') return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${NOUNS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return sizeLimit(issue, issue.maximum, true);
    case 'too_small':
      return sizeLimit(issue, issue.minimum, false);
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of: ${issue.values.map((value) => String(value)).join(', ')}`;
    case 'invalid_format':
      return FORMATS[issue.format] ? `must be ${FORMATS[issue.format]}` : 'is not in the expected format';
    case 'unrecognized_keys':
      return `has an unknown field: ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

/**
 * A per-parse error map (`schema.safeParse(input, { error: plainInputError })`): "is required", "must be text",
 * "must be at most 60 characters", "must be one of: inbox, later". `parseInput` puts the field's path before
 * it; a problem with the whole body reads as a sentence of its own.
 */
export function plainInputError(issue: RawIssue): string | undefined {
  const message = plainMessage(issue);
  if (!message) return undefined;
  // After a field's path, like the schemas' own field messages ("name: must not be empty"): no full stop.
  if ((issue.path?.length ?? 0) > 0) return message;
  if (issue.code === 'invalid_type')
    return issue.expected === 'object'
      ? 'The request body must be a JSON object.'
      : `The request must be ${NOUNS[issue.expected] ?? issue.expected}.`;
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`;
  return `The value ${message}.`;
}
