import type { Grant, TokenStore } from '../oauth/token-store';
import type { GraphSubscription } from '../push/graph-subscription';
import { rebuildIndexes } from './rebuild-indexes';
import type { SandboxStore } from './sandbox-store';
import type { AttachmentSpec, Mailbox, StoredMessage } from './types';

type SavedAttachment = Omit<AttachmentSpec, 'content'> & { content?: string };
type SavedMessage = Omit<StoredMessage, 'attachments'> & { attachments: SavedAttachment[] };
type SavedMailbox = Omit<
  Mailbox,
  'messages' | 'byId' | 'byInternetMessageId' | 'threads' | 'counts' | 'liveCount'
> & {
  messages: (SavedMessage | null)[];
};

export type SavedState = {
  version: 1;
  savedAt: string;
  mailboxes: SavedMailbox[];
  grants: Grant[];
  /** The scopes: only for a token narrower than its grant (a refresh that asked for fewer). */
  accessTokens: [token: string, grantId: string, expiresAt: number, scopes?: string[]][];
  refreshTokens: [token: string, grantId: string][];
  /** Absent in files written before subscriptions existed. */
  graphSubscriptions?: GraphSubscription[];
  /** Tenants' admin-granted application permissions (absent in older files). */
  appRoles?: [tenant: string, roles: string[]][];
};

export function toSavedState(store: SandboxStore, tokens: TokenStore): SavedState {
  const grants = new Map<string, Grant>();
  for (const grant of tokens.refreshTokens.values()) grants.set(grant.id, grant);
  for (const token of tokens.accessTokens.values()) grants.set(token.grant.id, token.grant);
  return {
    version: 1,
    savedAt: new Date().toISOString(),
    mailboxes: [...store.mailboxes.values()].map((mailbox) => {
      const {
        byId: _a,
        byInternetMessageId: _b,
        threads: _c,
        counts: _d,
        liveCount: _e,
        messages,
        ...rest
      } = mailbox;
      return {
        ...rest,
        messages: messages.map((message) =>
          message
            ? {
                ...message,
                attachments: message.attachments.map(({ content, ...attachment }) => ({
                  ...attachment,
                  ...(content ? { content: content.toString('base64') } : {}),
                })),
              }
            : null,
        ),
      };
    }),
    grants: [...grants.values()],
    accessTokens: [...tokens.accessTokens].map(([token, value]) =>
      value.scopes
        ? [token, value.grant.id, value.expiresAt, value.scopes]
        : [token, value.grant.id, value.expiresAt],
    ),
    refreshTokens: [...tokens.refreshTokens].map(([token, grant]) => [token, grant.id]),
    graphSubscriptions: [...store.graphSubscriptions.values()],
    appRoles: [...store.appRoles],
  };
}

/** Restores mailboxes and tokens in place; returns false when the file is not a state this version wrote. */
export function applySavedState(saved: SavedState, store: SandboxStore, tokens: TokenStore): boolean {
  if (saved?.version !== 1 || !Array.isArray(saved.mailboxes)) return false;
  store.mailboxes.clear();
  for (const savedMailbox of saved.mailboxes) {
    const mailbox = {
      ...savedMailbox,
      messages: savedMailbox.messages.map((message) =>
        message
          ? {
              ...message,
              inReplyTo: message.inReplyTo ?? undefined,
              attachments: message.attachments.map(({ content, ...attachment }) => ({
                ...attachment,
                ...(content ? { content: Buffer.from(content, 'base64') } : {}),
              })),
            }
          : undefined,
      ),
    } as Mailbox;
    rebuildIndexes(mailbox);
    store.mailboxes.set(mailbox.address, mailbox);
  }
  store.graphSubscriptions = new Map((saved.graphSubscriptions ?? []).map((item) => [item.id, item]));
  store.appRoles = new Map(saved.appRoles ?? []);
  const grants = new Map(saved.grants.map((grant) => [grant.id, grant]));
  tokens.accessTokens.clear();
  tokens.refreshTokens.clear();
  for (const [token, grantId, expiresAt, scopes] of saved.accessTokens) {
    const grant = grants.get(grantId);
    if (grant) tokens.accessTokens.set(token, { grant, expiresAt, ...(scopes ? { scopes } : {}) });
  }
  for (const [token, grantId] of saved.refreshTokens) {
    const grant = grants.get(grantId);
    if (grant) tokens.refreshTokens.set(token, grant);
  }
  return true;
}
