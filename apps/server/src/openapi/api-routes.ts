// Every /api route with the zod schemas it validates: the one table the OpenAPI document is generated from,
// and that the security suite's sweeps drive their requests from. A test fails when a route is missing here.

import { clientBodySchema, fileThreadSchema, unfileParamsSchema } from '@ledgerdesk/domain/api/clients';
import {
  assignBodySchema,
  commentBodySchema,
  commentParamsSchema,
  threadKeyParamsSchema,
} from '@ledgerdesk/domain/api/collaboration';
import {
  acceptInvitationSchema,
  firmIdParamsSchema,
  firmNameSchema,
  inviteBodySchema,
  memberParamsSchema,
  memberRoleSchema,
  shareMailboxSchema,
} from '@ledgerdesk/domain/api/firms';
import {
  enhancedFullResyncSchema,
  fetchContentSchema,
  initializeSyncConfigSchema,
  integrationIdSchema,
  moveMessageSchema,
  oauthFunctionSchema,
  sendEmailSchema,
  syncEmailsSchema,
  syncOffice365Schema,
} from '@ledgerdesk/domain/api/functions';
import {
  createNotificationSourceSchema,
  idParamsSchema,
  toggleNotificationSourceSchema,
  updateNotificationSourceSchema,
} from '@ledgerdesk/domain/api/integrations';
import { safeString } from '@ledgerdesk/domain/api/safe-string';
import { senderChoiceSchema } from '@ledgerdesk/domain/api/senders';
import { itemIdsBodySchema, snoozeBodySchema } from '@ledgerdesk/domain/api/snooze';
import {
  templateIdParamsSchema,
  templateInputSchema,
  templatePatchSchema,
} from '@ledgerdesk/domain/api/templates';
import { bulkUpdateSchema, itemPatchSchema, threadsQuerySchema } from '@ledgerdesk/domain/api/triage';
import {
  changePasswordSchema,
  credentialsBodySchema,
  signOutSchema,
  updateUserSchema,
} from '@ledgerdesk/domain/auth/account-changes';
import { profileUpdateSchema } from '@ledgerdesk/domain/profile/profile-update-schema';
import { z } from 'zod';

export type ApiRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  /** False for the few routes a signed-out caller may use. */
  needsSession: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is multipart/form-data (the avatar upload), not JSON. */
  isMultipart?: boolean;
  /** A read every signed-in user may make of anyone's resource (avatars: spec §7 "public URL"). */
  isSharedRead?: boolean;
};

const uuidParams = idParamsSchema;
const threadParams = z.strictObject({ threadKey: safeString().min(1).max(1000) });
const avatarParams = z.strictObject({
  userId: z.uuid(),
  file: z.string().regex(/^avatar\.(png|jpg|gif|webp)$/),
});

const fn = (name: string, summary: string, body: z.ZodType): ApiRoute => ({
  method: 'POST',
  path: `/api/functions/${name}`,
  summary,
  needsSession: true,
  body,
});

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', path: '/api/health', summary: 'Liveness and the database kind.', needsSession: false },
  { method: 'GET', path: '/api/openapi.json', summary: 'This document.', needsSession: false },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    summary: 'Sign up (spec §5).',
    needsSession: false,
    body: credentialsBodySchema,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    summary: 'Sign in; rate-limited per client, per (account, client) and per account.',
    needsSession: false,
    body: credentialsBodySchema,
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'Sign out.',
    needsSession: true,
    body: signOutSchema,
  },
  {
    method: 'GET',
    path: '/api/auth/get-session',
    summary: 'The current session and user.',
    needsSession: false,
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    summary: 'Change the password (sign-up rules); ends every other session.',
    needsSession: true,
    body: changePasswordSchema,
  },
  {
    method: 'POST',
    path: '/api/auth/update-user',
    summary: 'Update the display name or image.',
    needsSession: true,
    body: updateUserSchema,
  },
  { method: 'GET', path: '/api/profile', summary: "The signed-in user's profile.", needsSession: true },
  {
    method: 'PATCH',
    path: '/api/profile',
    summary: 'Save a partial profile; a new email needs currentPassword.',
    needsSession: true,
    body: profileUpdateSchema,
  },
  {
    method: 'POST',
    path: '/api/profile/avatar',
    summary: 'Upload the avatar (multipart, field `file`, at most 5 MB).',
    needsSession: true,
    isMultipart: true,
  },
  {
    method: 'GET',
    path: '/api/firm',
    summary: "The user's firm ({firm: null} outside one).",
    needsSession: true,
  },
  {
    method: 'POST',
    path: '/api/firm',
    summary: 'Create a firm (the creator owns it; one firm per user).',
    needsSession: true,
    body: firmNameSchema,
  },
  {
    method: 'PATCH',
    path: '/api/firm',
    summary: 'Rename the firm (owner).',
    needsSession: true,
    body: firmNameSchema,
  },
  { method: 'POST', path: '/api/firm/leave', summary: 'Leave the firm.', needsSession: true },
  {
    method: 'PATCH',
    path: '/api/firm/members/:id',
    summary: "Change a member's role: owner or member (owner; a firm keeps one owner).",
    needsSession: true,
    params: memberParamsSchema,
    body: memberRoleSchema,
  },
  {
    method: 'DELETE',
    path: '/api/firm/members/:id',
    summary: 'Remove a member (owner).',
    needsSession: true,
    params: memberParamsSchema,
  },
  {
    method: 'POST',
    path: '/api/firm/invitations',
    summary: 'Invite by email: a signed, expiring, single-use link (owner).',
    needsSession: true,
    body: inviteBodySchema,
  },
  {
    method: 'DELETE',
    path: '/api/firm/invitations/:id',
    summary: 'Revoke a pending invitation (owner).',
    needsSession: true,
    params: firmIdParamsSchema,
  },
  {
    method: 'POST',
    path: '/api/firm/invitations/accept',
    summary: 'Join a firm with an invitation token (only the account of the invited address; else 403).',
    needsSession: true,
    body: acceptInvitationSchema,
  },
  {
    method: 'POST',
    path: '/api/firm/invitations/preview',
    summary: "An invitation's firm and invited address, shown before accepting.",
    needsSession: true,
    body: acceptInvitationSchema,
  },
  {
    method: 'POST',
    path: '/api/firm/shared-mailboxes',
    summary: 'Share one of your mailboxes with your firm.',
    needsSession: true,
    body: shareMailboxSchema,
  },
  {
    method: 'DELETE',
    path: '/api/firm/shared-mailboxes/:id',
    summary: 'Stop sharing one of your mailboxes.',
    needsSession: true,
    params: firmIdParamsSchema,
  },
  { method: 'GET', path: '/api/templates', summary: 'Saved replies, by name.', needsSession: true },
  {
    method: 'POST',
    path: '/api/templates',
    summary: 'Save a reply template (names unique per user).',
    needsSession: true,
    body: templateInputSchema,
  },
  {
    method: 'PATCH',
    path: '/api/templates/:id',
    summary: 'Change a reply template.',
    needsSession: true,
    params: templateIdParamsSchema,
    body: templatePatchSchema,
  },
  {
    method: 'DELETE',
    path: '/api/templates/:id',
    summary: 'Delete a reply template.',
    needsSession: true,
    params: templateIdParamsSchema,
  },
  {
    method: 'POST',
    path: '/api/outgoing/:id/cancel',
    summary:
      'Undo send: take back a message held by send-office365-email with holdSeconds (409 once it has been sent).',
    needsSession: true,
    params: uuidParams,
  },
  {
    method: 'GET',
    path: '/api/avatars/:userId/:file',
    summary: 'An avatar image.',
    needsSession: true,
    params: avatarParams,
    isSharedRead: true,
  },
  {
    method: 'GET',
    path: '/api/triage/threads',
    summary: 'Thread groups of a view, keyset-paginated.',
    needsSession: true,
    query: threadsQuerySchema,
  },
  {
    method: 'GET',
    path: '/api/triage/counts',
    summary: 'Unread counts for the sidebar (shared mailboxes of the firm included).',
    needsSession: true,
  },
  {
    method: 'GET',
    path: '/api/triage/threads/:threadKey',
    summary: "A thread's items, oldest first.",
    needsSession: true,
    params: threadParams,
  },
  {
    method: 'GET',
    path: '/api/triage/threads/:threadKey/content',
    summary: "A thread's message contents.",
    needsSession: true,
    params: threadParams,
  },
  {
    method: 'POST',
    path: '/api/clients',
    summary: 'Name the organisation (and contact) an address belongs to; optionally its whole mail domain.',
    needsSession: true,
    body: clientBodySchema,
  },
  {
    method: 'GET',
    path: '/api/work/threads',
    summary: 'Threads filed to work items.',
    needsSession: true,
  },
  {
    method: 'POST',
    path: '/api/triage/threads/:threadKey/work',
    summary: 'File a thread to a work item (Add to work).',
    needsSession: true,
    params: threadKeyParamsSchema,
    body: fileThreadSchema,
  },
  {
    method: 'DELETE',
    path: '/api/triage/threads/:threadKey/work/:workItemId',
    summary: 'Take a thread off a work item.',
    needsSession: true,
    params: unfileParamsSchema,
  },
  {
    method: 'POST',
    path: '/api/triage/senders',
    summary:
      "Move a sender's mail to Notifications or back to Email (re-types their items; sync keeps to it).",
    needsSession: true,
    body: senderChoiceSchema,
  },
  {
    method: 'GET',
    path: '/api/triage/threads/:threadKey/activity',
    summary: "A thread's assignment, its history and its internal comments.",
    needsSession: true,
    params: threadKeyParamsSchema,
  },
  {
    method: 'POST',
    path: '/api/triage/threads/:threadKey/assignment',
    summary: 'Assign a thread to a member (or unassign), optionally with a to-do date, a comment and Clear.',
    needsSession: true,
    params: threadKeyParamsSchema,
    body: assignBodySchema,
  },
  {
    method: 'POST',
    path: '/api/triage/threads/:threadKey/comments',
    summary: 'Post an internal comment; @handle mentions a member of the firm.',
    needsSession: true,
    params: threadKeyParamsSchema,
    body: commentBodySchema,
  },
  {
    method: 'PATCH',
    path: '/api/triage/comments/:id',
    summary: 'Edit your comment (within 15 minutes).',
    needsSession: true,
    params: commentParamsSchema,
    body: commentBodySchema,
  },
  {
    method: 'DELETE',
    path: '/api/triage/comments/:id',
    summary: 'Delete your comment.',
    needsSession: true,
    params: commentParamsSchema,
  },
  {
    method: 'PATCH',
    path: '/api/triage/items/:id',
    summary: 'Update one item; its mailbox change is queued (decision 010).',
    needsSession: true,
    params: uuidParams,
    body: itemPatchSchema,
  },
  {
    method: 'POST',
    path: '/api/triage/items/bulk-update',
    summary: 'Update many items.',
    needsSession: true,
    body: bulkUpdateSchema,
  },
  {
    method: 'POST',
    path: '/api/triage/actions/:id/undo',
    summary: 'Take an update or bulk update back (its id is in the update answer).',
    needsSession: true,
    params: uuidParams,
  },
  {
    method: 'POST',
    path: '/api/triage/items/snooze',
    summary: 'Snooze items into Scheduled until a time.',
    needsSession: true,
    body: snoozeBodySchema,
  },
  {
    method: 'POST',
    path: '/api/triage/items/unsnooze',
    summary: 'Bring snoozed items back to the inbox now.',
    needsSession: true,
    body: itemIdsBodySchema,
  },
  {
    method: 'GET',
    path: '/api/events',
    summary: 'Server-sent events for the user’s items.',
    needsSession: true,
  },
  { method: 'GET', path: '/api/integrations', summary: "The user's email integrations.", needsSession: true },
  {
    method: 'GET',
    path: '/api/integrations/providers',
    summary: 'Which providers can be connected here (and which are the sandbox).',
    needsSession: true,
  },
  {
    method: 'GET',
    path: '/api/integrations/reset-info',
    summary: 'The previous-reset card.',
    needsSession: true,
  },
  {
    method: 'POST',
    path: '/api/integrations/:id/disconnect',
    summary: 'Disconnect a mailbox.',
    needsSession: true,
    params: uuidParams,
  },
  {
    method: 'POST',
    path: '/api/integrations/:id/reactivate',
    summary: 'Reactivate a mailbox.',
    needsSession: true,
    params: uuidParams,
  },
  {
    method: 'GET',
    path: '/api/notification-sources',
    summary: 'Notification sources by priority.',
    needsSession: true,
  },
  {
    method: 'POST',
    path: '/api/notification-sources',
    summary: 'Create a notification source.',
    needsSession: true,
    body: createNotificationSourceSchema,
  },
  {
    method: 'POST',
    path: '/api/notification-sources/migrate',
    summary: 'Create an email source per active mailbox.',
    needsSession: true,
  },
  {
    method: 'PATCH',
    path: '/api/notification-sources/:id',
    summary: 'Update a notification source.',
    needsSession: true,
    params: uuidParams,
    body: updateNotificationSourceSchema,
  },
  {
    method: 'POST',
    path: '/api/notification-sources/:id/toggle',
    summary: 'Toggle sync_enabled.',
    needsSession: true,
    params: uuidParams,
    body: toggleNotificationSourceSchema,
  },
  {
    method: 'DELETE',
    path: '/api/notification-sources/:id',
    summary: 'Delete a notification source.',
    needsSession: true,
    params: uuidParams,
  },
  fn('gmail-auth', 'Gmail consent URL, or redeem its code.', oauthFunctionSchema),
  fn('office365-auth', 'Microsoft consent URL, or redeem its code.', oauthFunctionSchema),
  fn('refresh-email-token', 'Refresh a mailbox token.', integrationIdSchema),
  fn('initialize-sync-config', 'Set the sync start date and sync.', initializeSyncConfigSchema),
  fn('fetch-gmail-content', 'One message from Gmail.', fetchContentSchema),
  fn('fetch-office365-content', 'One message from Office 365.', fetchContentSchema),
  fn('fetch-email-content', 'One message (provider chosen by the integration).', fetchContentSchema),
  fn('archive-email', 'Move a message to Archive.', moveMessageSchema),
  fn('unarchive-email', 'Move a message back to the Inbox.', moveMessageSchema),
  fn('send-office365-email', 'Send, reply or reply all.', sendEmailSchema),
  fn('sync-office365-emails', 'Sync an Office 365 mailbox.', syncOffice365Schema),
  fn('sync-emails', 'Sync another mailbox.', syncEmailsSchema),
  fn('enhanced-full-resync-emails', 'The Enhanced Reset.', enhancedFullResyncSchema),
];

/** Fastify's form of a route key: `GET /api/triage/items/:id`. */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
