import type { ApiAuth, AppAuth } from '../oauth/authenticate';
import type { SandboxStore } from '../store/sandbox-store';
import { findMailbox } from '../store/sandbox-store';
import type { Mailbox } from '../store/types';

export type SharedAccessRefusal = { status: 403 | 404; code: string; message: string };

export const tenantOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

/** Finds the mailbox a `/users/{id|address}` path names: by address, or by its Graph user id. */
function findUser(store: SandboxStore, user: string): Mailbox | undefined {
  const byAddress = findMailbox(store, user);
  if (byAddress) return byAddress;
  for (const mailbox of store.mailboxes.values()) if (mailbox.userId === user) return mailbox;
  return undefined;
}

/**
 * What Graph answers when a signed-in user opens `/users/{user}/…`: their own mailbox as `/me`; a shared mailbox
 * of their tenant as its delegate entry allows; anything else 404 ErrorInvalidUser (another tenant, no such
 * user) or 403 ErrorAccessDenied (a mailbox of the tenant they were given no access to).
 */
export function resolveUserMailbox(
  store: SandboxStore,
  auth: ApiAuth,
  user: string,
): ApiAuth | SharedAccessRefusal {
  const target = findUser(store, decodeURIComponent(user));
  const own = auth.mailbox;
  if (target === own) return auth;
  if (target?.provider !== 'office365' || tenantOf(target.address) !== tenantOf(own.address)) {
    return { status: 404, code: 'ErrorInvalidUser', message: `The requested user '${user}' is invalid.` };
  }
  const delegate = target.shared?.delegates[own.address];
  if (!delegate || delegate.access === 'none') {
    return {
      status: 403,
      code: 'ErrorAccessDenied',
      message: 'Access is denied. Check credentials and try again.',
    };
  }
  return { ...auth, mailbox: target, signedIn: own, delegate };
}

/**
 * What Graph answers when an application's own token (client credentials) opens `/users/{user}/…`: any mailbox of
 * its tenant, with the application permissions its administrator granted (checked per route); else 404.
 */
export function resolveAppMailbox(
  store: SandboxStore,
  auth: AppAuth,
  user: string,
): ApiAuth | SharedAccessRefusal {
  const target = findUser(store, decodeURIComponent(user));
  if (target?.provider !== 'office365' || tenantOf(target.address) !== auth.app.tenant) {
    return { status: 404, code: 'ErrorInvalidUser', message: `The requested user '${user}' is invalid.` };
  }
  return { grant: auth.grant, scopes: auth.grant.scopes, mailbox: target, app: auth.app };
}
