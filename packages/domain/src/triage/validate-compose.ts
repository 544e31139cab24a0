export type ComposeMessage = { title: string; description: string };

export const COMPOSE_DIALOG_TITLE = 'Compose Email';

export const NO_EMAIL_ACCOUNT_CONNECTED: ComposeMessage = {
  title: 'No Email Account Connected',
  description: 'Please connect your Office 365 account in Email Integration settings to send emails.',
};
export const OFFICE365_ACCOUNT_REQUIRED: ComposeMessage = {
  title: 'Office 365 Account Required',
  description:
    'Your Office 365 account is inactive. Please reactivate it in Email Integration settings to send emails.',
};
export const MISSING_RECIPIENT: ComposeMessage = {
  title: 'Missing Recipient',
  description: 'Please enter at least one recipient.',
};
export const MISSING_SUBJECT: ComposeMessage = {
  title: 'Missing Subject',
  description: 'Please enter a subject line.',
};
export const REPLY_NOT_AVAILABLE: ComposeMessage = {
  title: 'Reply not available',
  description: 'This item is not linked to an email message, so there is nothing to reply to.',
};
export const FORWARD_NOT_IMPLEMENTED = 'Forward functionality will be implemented soon';

export type ComposeInput = {
  to: string;
  subject: string;
  /** An office365 integration is connected. */
  hasOffice365: boolean;
  /** That office365 integration is active. */
  isActive: boolean;
};

/** The first failing compose rule of spec §5, or null when the email can be sent. */
export function validateCompose({
  to,
  subject,
  hasOffice365,
  isActive,
}: ComposeInput): ComposeMessage | null {
  if (!hasOffice365) return NO_EMAIL_ACCOUNT_CONNECTED;
  if (!isActive) return OFFICE365_ACCOUNT_REQUIRED;
  if (to.trim() === '') return MISSING_RECIPIENT;
  if (subject.trim() === '') return MISSING_SUBJECT;
  return null;
}

/** Reply is offered only when the item has both a message id and an integration id. */
export function canReply(item: {
  emailMessageId: string | null;
  emailIntegrationId: string | null;
}): boolean {
  return Boolean(item.emailMessageId && item.emailIntegrationId);
}

/** Splits a To/CC field ("a@x.com, b@y.com; c@z.com") into trimmed, non-empty addresses. */
export function parseRecipientList(field: string): string[] {
  return field
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
