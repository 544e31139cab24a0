import type { MailMessage } from './archive-errors';

export type UnarchiveErrorCode =
  | 'NotFoundInArchive'
  | 'TokenExpired'
  | 'InsufficientPermissions'
  | 'InboxFolderMissing'
  | 'Unknown';

export const MOVE_TO_INBOX_FAILED_TITLE = 'Move to Inbox Failed';

const UNARCHIVE_TEXTS: Record<UnarchiveErrorCode, string> = {
  NotFoundInArchive:
    'Email not found in archive. It may already have been moved back to your Inbox or deleted.',
  TokenExpired:
    'Your email connection has expired. Please refresh your token in Email Settings and try again.',
  InsufficientPermissions:
    'Insufficient permissions to move this email. Please reconnect your account in Email Settings and grant the Mail.ReadWrite permission.',
  InboxFolderMissing:
    'Could not locate your Inbox folder. Please try again, or reconnect your account in Email Settings.',
  Unknown: 'Could not move this email back to your Inbox. Please try again.',
};

/** The "Move to Inbox Failed" toast for an unarchive failure. */
export function unarchiveErrorMessage(code: UnarchiveErrorCode): MailMessage {
  return { title: MOVE_TO_INBOX_FAILED_TITLE, description: UNARCHIVE_TEXTS[code] };
}

export const EMAIL_MOVED_TO_INBOX: MailMessage = {
  title: 'Email Moved to Inbox',
  description: 'The email was moved back to the Inbox of your mailbox.',
};

const RULES: readonly [RegExp, UnarchiveErrorCode][] = [
  [/InboxFolderMissing|inbox folder/i, 'InboxFolderMissing'],
  [/TokenExpired|TOKEN_EXPIRED|InvalidAuthenticationToken|token (?:has )?expired|\b401\b/i, 'TokenExpired'],
  [
    /InsufficientPermissions|INSUFFICIENT_PERMISSIONS|insufficient|access denied|forbidden|\b403\b/i,
    'InsufficientPermissions',
  ],
  [/NotFoundInArchive|ErrorItemNotFound|not found|\b404\b/i, 'NotFoundInArchive'],
];

/** Maps an unarchive error message (or code name) to an unarchive error code. */
export function classifyUnarchiveError(message: string | null | undefined): UnarchiveErrorCode {
  const text = message ?? '';
  for (const [pattern, code] of RULES) {
    if (pattern.test(text)) return code;
  }
  return 'Unknown';
}
