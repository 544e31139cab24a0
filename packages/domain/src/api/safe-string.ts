import { z } from 'zod';
import {
  findUnsafeText,
  hasUnsafeNameCharacters,
  isUnsafeText,
  UNSAFE_NAME_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from '../http/unsafe-text';

/** A string schema that refuses NUL characters and lone surrogates: every text input of the API uses it. */
export function safeString() {
  return z.string().refine((text) => !isUnsafeText(text), UNSAFE_TEXT_MESSAGE);
}

/** A JSON object of any shape (item metadata, source configuration) with no unsafe text in keys or values. */
export function safeRecord() {
  return z
    .record(safeString(), z.unknown())
    .refine((value) => findUnsafeText(value) === null, UNSAFE_TEXT_MESSAGE);
}

/**
 * A name typed by a user (firm, client, organisation, handle): a safe string, trimmed, that also refuses line
 * breaks, control characters and text-direction marks (http/unsafe-text.ts).
 */
export function safeName() {
  return safeString()
    .trim()
    .refine((text) => !hasUnsafeNameCharacters(text), UNSAFE_NAME_MESSAGE);
}
