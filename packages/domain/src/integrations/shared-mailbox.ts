// Microsoft 365 shared mailboxes (decision 023, decision 024): the words Email Integration and the server share.

/** How an Office 365 integration's mailbox is opened: the user's own, or a shared one with the user's sign-in. */
export type MailboxKind = 'personal' | 'shared';

/** The shared mailbox of an integration, as the browser sees it; null for a personal mailbox. */
export type SharedMailboxDto = {
  /** The user's own address whose sign-in opens the shared mailbox. */
  signedInAs: string;
  /** When the tenant removed the user's access (ISO), or null while access works. */
  accessRemovedAt: string | null;
};

export const ADD_SHARED_MAILBOX_LABEL = 'Add a shared mailbox';
export const SHARED_MAILBOX_BADGE = 'Shared mailbox';
export const SHARED_MAILBOX_ADDRESS_LABEL = 'Shared mailbox address';
export const SHARED_MAILBOX_HELP =
  'A Microsoft 365 shared mailbox (such as accounts@ or info@) that you can open in Outlook. You sign in with your own Microsoft account.';
export const ACCESS_REMOVED_BADGE = 'Access Removed';
export const ACCESS_REMOVED_NOTE = 'Access removed — ask your administrator to grant access again';
export const CHECK_ACCESS_LABEL = 'Check Access Again';
export const CHECKING_ACCESS_LABEL = 'Checking...';
export const ACCESS_RESTORED_TITLE = 'Access Restored';

/** "Opened with alex@firm.com". */
export function openedWithLine(signedInAs: string): string {
  return `Opened with ${signedInAs}`;
}

/** Whether a text is an email address a shared mailbox could have (one @, no spaces, a dot in the domain). */
export function isMailboxAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 320;
}

export const SHARED_MAILBOX_ERRORS = {
  notAnAddress: "Enter the shared mailbox's email address, such as accounts@yourfirm.com.",
  gmail: 'Shared mailboxes are a Microsoft 365 feature: add one through Office 365.',
  ownMailbox: (address: string) =>
    `${address} is your own mailbox, not a shared one: connect it with Connect Office 365.`,
  accessDenied: (address: string, signedInAs: string) =>
    `${signedInAs} cannot open ${address}. Ask your Microsoft 365 administrator to give you access to it, then try again.`,
  notFound: (address: string, signedInAs: string) =>
    `There is no mailbox ${address} in the organisation of ${signedInAs}. Check the address.`,
  stillRemoved: (address: string) =>
    `You still have no access to ${address}. Ask your Microsoft 365 administrator to grant it again.`,
  notShared: 'Only a shared mailbox whose access was removed can be checked again.',
  sharedByColleague: (address: string, ownerName: string, firmName: string) =>
    `${ownerName} already shares ${address} with ${firmName}: it is under Triage for everyone in the firm, so there is nothing to add.`,
} as const;
