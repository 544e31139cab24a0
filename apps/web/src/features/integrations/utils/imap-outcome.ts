import {
  foldersFoundLine,
  IMAP_STEP_LABELS,
  IMAP_TEST_STEPS,
  type ImapFoldersFound,
  type ImapTestStep,
} from '@ledgerdesk/domain/api/imap-connect';
import { ApiError } from '../../../lib/api-client';
import { errorText } from './notify';

/** What Test connection or Connect showed last: the folders found, or the step that failed in words. */
export type ImapOutcome = { ok: true; text: string } | { ok: false; step: ImapTestStep | null; text: string };

export function successOutcome(folders: ImapFoldersFound): ImapOutcome {
  return { ok: true, text: foldersFoundLine(folders) };
}

/** A failed test: "IMAP login failed: …" when the server named the step, else the error's own words. */
export function failureOutcome(error: unknown): ImapOutcome {
  const step = stepOf(error);
  const text = errorText(error);
  return { ok: false, step, text: step ? `${IMAP_STEP_LABELS[step]} failed: ${text}` : text };
}

function stepOf(error: unknown): ImapTestStep | null {
  if (!(error instanceof ApiError)) return null;
  const step = (error.details as { step?: unknown } | undefined)?.step;
  return IMAP_TEST_STEPS.find((known) => known === step) ?? null;
}
