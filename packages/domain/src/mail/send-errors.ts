import type { MailMessage } from './archive-errors';
import { TOKEN_REFRESH_FAILED_MESSAGE, TOKEN_REFRESH_FAILED_TITLE } from './token-messages';

export type SendErrorCode =
  | 'ACCOUNT_NOT_CONNECTED'
  | 'TOKEN_EXPIRED'
  | 'INSUFFICIENT_PERMISSIONS'
  | 'ACCESS_DENIED'
  | 'RATE_LIMITED'
  | 'TOKEN_REFRESH_FAILED'
  | 'FORBIDDEN'
  | 'SEND_AS_DENIED'
  | 'UNKNOWN';

/** Spec §8 send failures. */
export const SEND_ERRORS: Record<SendErrorCode, MailMessage> = {
  ACCOUNT_NOT_CONNECTED: {
    title: 'Account Not Connected',
    description:
      'No Office 365 account is connected. Please connect your account in Email Integration settings to send emails.',
  },
  TOKEN_EXPIRED: {
    title: 'Access Expired',
    description:
      'Your email account access has expired. Please refresh your connection in Email Settings and try again.',
  },
  INSUFFICIENT_PERMISSIONS: {
    title: 'Permissions Required',
    description:
      'Sending email needs the Mail.Send permission. Please reconnect your account in Email Settings and grant it.',
  },
  ACCESS_DENIED: {
    title: 'Access Denied',
    description:
      'Your email provider denied access to send from this account. Please check the account and reconnect it in Email Settings.',
  },
  RATE_LIMITED: {
    title: 'Rate Limited',
    description: 'Too many requests. Please try again in a few minutes.',
  },
  TOKEN_REFRESH_FAILED: {
    title: TOKEN_REFRESH_FAILED_TITLE,
    description: TOKEN_REFRESH_FAILED_MESSAGE,
  },
  FORBIDDEN: {
    title: 'Permission Denied',
    description:
      'Your email provider refused to send this email (Forbidden). Please check that your account may send mail, then reconnect it in Email Settings.',
  },
  SEND_AS_DENIED: {
    title: 'Sending Not Allowed',
    description:
      'Your Microsoft 365 administrator lets you send neither as this shared mailbox nor on its behalf, so the email was not sent. Ask them to grant you Send As or Send on behalf for it.',
  },
  UNKNOWN: {
    title: 'Send Failed',
    description: 'Could not send your email. Please try again.',
  },
};

/** The "Email Sent" success toast. */
export function emailSentMessage(sentFrom?: string | null): MailMessage {
  return {
    title: 'Email Sent',
    description: sentFrom ? `Your email was sent from ${sentFrom}.` : 'Your email was sent.',
  };
}

const RULES: readonly [RegExp, SendErrorCode][] = [
  [
    /ACCOUNT_NOT_CONNECTED|not connected|no (?:active )?(?:office ?365 )?(?:account|integration)/i,
    'ACCOUNT_NOT_CONNECTED',
  ],
  [/TOKEN_REFRESH_FAILED|token refresh failed/i, 'TOKEN_REFRESH_FAILED'],
  [/TOKEN_EXPIRED|InvalidAuthenticationToken|token (?:has )?expired|access has expired/i, 'TOKEN_EXPIRED'],
  [/INSUFFICIENT_PERMISSIONS|insufficient permissions|Mail\.Send/i, 'INSUFFICIENT_PERMISSIONS'],
  [/SEND_AS_DENIED|ErrorSendAsDenied/i, 'SEND_AS_DENIED'],
  [/ACCESS_DENIED|ErrorAccessDenied|access denied|access is denied/i, 'ACCESS_DENIED'],
  [/RATE_LIMITED|too many requests|rate limit|\b429\b/i, 'RATE_LIMITED'],
  [/FORBIDDEN|\b403\b/i, 'FORBIDDEN'],
];

/** Maps a send error message (or code) to a send error code. */
export function classifySendError(message: string | null | undefined): SendErrorCode {
  const text = message ?? '';
  for (const [pattern, code] of RULES) {
    if (pattern.test(text)) return code;
  }
  return 'UNKNOWN';
}

/** The toast of a failed send. */
export function sendErrorMessage(code: SendErrorCode): MailMessage {
  return SEND_ERRORS[code];
}
