export type MailErrorKind =
  | 'integration_not_found'
  | 'integration_inactive'
  | 'provider_not_configured'
  | 'reconnect_required'
  | 'missing_scope'
  | 'archive_folder_missing'
  | 'inbox_folder_missing'
  | 'account_not_connected'
  | 'message_not_found'
  | 'invalid_state';

/** A failure of ours (not the provider's HTTP answer) that each operation maps to its spec §8 text. */
export class MailError extends Error {
  constructor(
    readonly kind: MailErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** Whether a thrown value is a MailError of one of `kinds`. */
export function isMailError(error: unknown, ...kinds: MailErrorKind[]): error is MailError {
  return error instanceof MailError && (kinds.length === 0 || kinds.includes(error.kind));
}
