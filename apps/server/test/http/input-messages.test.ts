import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput } from '../../src/http/parse-input';

// A problem the schema has no words for is said plainly, after the field's path; a schema's own words win.

const schema = z
  .object({
    name: z.string().min(1, 'must not be empty').max(60),
    note: z.string().max(1).optional(),
    view: z.enum(['inbox', 'later']).optional(),
    id: z.uuid().optional(),
    hours: z.number().int().min(1).max(80).optional(),
    ids: z.array(z.string()).min(1).max(500).optional(),
    when: z.iso.datetime().optional(),
    nested: z.object({ flag: z.boolean() }).optional(),
  })
  .strict();

function messageFor(input: unknown): string {
  try {
    parseInput(schema, input);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('plain input messages', () => {
  it.each([
    [null, 'The request body must be a JSON object.'],
    ['text', 'The request body must be a JSON object.'],
    [{}, 'name: is required'],
    [{ name: 'n'.repeat(61) }, 'name: must be at most 60 characters'],
    [{ name: 'ok', note: 'ab' }, 'note: must be at most 1 character'],
    [{ name: 42 }, 'name: must be text'],
    [{ name: 'ok', view: 'spam' }, 'view: must be one of: inbox, later'],
    [{ name: 'ok', id: 'x' }, 'id: must be a valid id'],
    [{ name: 'ok', hours: 0 }, 'hours: must be at least 1'],
    [{ name: 'ok', hours: 81 }, 'hours: must be at most 80'],
    [{ name: 'ok', hours: 1.5 }, 'hours: must be a whole number'],
    [{ name: 'ok', ids: [] }, 'ids: must have at least one item'],
    [{ name: 'ok', when: 'yesterday' }, 'when: must be a date and time (ISO 8601)'],
    [{ name: 'ok', nested: { flag: 'yes' } }, 'nested.flag: must be true or false'],
    [{ name: 'ok', nested: {} }, 'nested.flag: is required'],
    [{ name: 'ok', spare: 1 }, 'Unknown field: spare.'],
  ])('%j → %s', (input, message) => {
    expect(messageFor(input)).toBe(message);
  });

  it("keeps the schema's own words", () => {
    expect(messageFor({ name: '' })).toBe('name: must not be empty');
  });
});
