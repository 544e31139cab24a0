import type { z } from 'zod';
import { badRequest } from './app-error';
import { plainInputError } from './input-messages';

/**
 * Validates a body, query or params object against a domain schema, answering 400 with the first
 * problem spelled out (`field: message`) and every issue in `details`. No body reads as `{}`; a JSON `null`
 * is refused as the wrong type, like a string or an array (read as `{}`, it would toggle or save).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input === undefined ? {} : input, { error: plainInputError });
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input.';
  throw badRequest(message, issues);
}
