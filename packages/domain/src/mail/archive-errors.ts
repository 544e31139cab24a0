export type MailMessage = { title: string; description: string };

export type ArchiveErrorCode =
  | 'MissingScopes'
  | 'InsufficientPermissions'
  | 'AccessDenied'
  | 'TokenExpired'
  | 'ArchiveFolderMissing'
  | 'Unknown';

export const RECONNECTION_REQUIRED_TITLE = 'Reconnection Required';
export const MAIL_READ_WRITE_PERMISSION = 'Mail.ReadWrite';

/** Spec §8 archive failures; the reconnection variants name the Mail.ReadWrite permission. */
export const ARCHIVE_ERRORS: Record<ArchiveErrorCode, MailMessage> = {
  MissingScopes: {
    title: RECONNECTION_REQUIRED_TITLE,
    description: `Your Office 365 connection was made before archiving was supported and may lack the ${MAIL_READ_WRITE_PERMISSION} permission. Please reconnect your account in Email Settings to archive emails.`,
  },
  InsufficientPermissions: {
    title: RECONNECTION_REQUIRED_TITLE,
    description: `Archiving needs the ${MAIL_READ_WRITE_PERMISSION} permission, which your email connection does not have. Please reconnect your account in Email Settings and grant it.`,
  },
  AccessDenied: {
    title: RECONNECTION_REQUIRED_TITLE,
    description: `Your email provider denied access to move this email. Please reconnect your account in Email Settings and grant the ${MAIL_READ_WRITE_PERMISSION} permission.`,
  },
  TokenExpired: {
    title: 'Token Expired',
    description:
      'Your email connection has expired. Please refresh your token in Email Settings and try again.',
  },
  ArchiveFolderMissing: {
    title: 'Archive Folder Missing',
    description:
      'No Archive folder was found in your mailbox. Please create an Archive folder in your mailbox first, then try again.',
  },
  Unknown: {
    title: 'Archive Failed',
    description: 'Could not archive this email. Please try again.',
  },
};

export const EMAIL_ARCHIVED: MailMessage = {
  title: 'Email Archived',
  description: 'The email was cleared and moved to the Archive folder of your mailbox.',
};

const RULES: readonly [RegExp, ArchiveErrorCode][] = [
  [/MissingScopes|missing scopes|no scopes/i, 'MissingScopes'],
  [/ArchiveFolderMissing|archive folder (?:missing|not found)|no archive folder/i, 'ArchiveFolderMissing'],
  [/TokenExpired|TOKEN_EXPIRED|InvalidAuthenticationToken|token (?:has )?expired|\b401\b/i, 'TokenExpired'],
  [
    /InsufficientPermissions|INSUFFICIENT_PERMISSIONS|insufficient|Mail\.ReadWrite/i,
    'InsufficientPermissions',
  ],
  [/AccessDenied|ACCESS_DENIED|access is denied|access denied|forbidden|\b403\b/i, 'AccessDenied'],
];

/** Maps an archive error message (or code name) to an archive error code. */
export function classifyArchiveError(message: string | null | undefined): ArchiveErrorCode {
  const text = message ?? '';
  for (const [pattern, code] of RULES) {
    if (pattern.test(text)) return code;
  }
  return 'Unknown';
}
