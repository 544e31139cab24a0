import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX, DEFAULT_SEED_MESSAGE_COUNT } from '../defaults';
import type { GraphSubscription } from '../push/graph-subscription';
import { generateMessages } from '../seed/generate-messages';
import { createMailbox } from './mailbox';
import type { Mailbox, Provider, StoredMessage } from './types';

export type SandboxStore = {
  mailboxes: Map<string, Mailbox>;
  /** Graph change-notification subscriptions by id. */
  graphSubscriptions: Map<string, GraphSubscription>;
  /**
   * Microsoft 365 tenants (a mailbox domain) whose administrator granted the application permissions listed
   * (`Mail.Read`, …): the app-only tokens issued there carry them as `roles`.
   */
  appRoles: Map<string, string[]>;
  /** Called after every mutation (persistence schedules a debounced write). */
  onChange: () => void;
};

export type ProvisionOptions = {
  address: string;
  provider: Provider;
  messages: number;
  hasArchive?: boolean;
  now: number;
};

export function createStore(): SandboxStore {
  return { mailboxes: new Map(), graphSubscriptions: new Map(), appRoles: new Map(), onChange: () => {} };
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

export function findMailbox(store: SandboxStore, address: string): Mailbox | undefined {
  return store.mailboxes.get(normalizeAddress(address));
}

/** Creates (or replaces) a mailbox filled with generated content. */
export function provisionMailbox(store: SandboxStore, options: ProvisionOptions): Mailbox {
  const mailbox = createMailbox({
    address: options.address,
    provider: options.provider,
    hasArchive: options.hasArchive ?? true,
  });
  const previous = store.mailboxes.get(mailbox.address);
  if (previous) {
    // Sequence numbers continue past the replaced mailbox, so its history ids and delta tokens all expire.
    mailbox.seq = previous.seq + 1;
    mailbox.cursorFloor = mailbox.seq;
  }
  generateMessages(mailbox, options.messages, options.now);
  store.mailboxes.set(mailbox.address, mailbox);
  store.onChange();
  return mailbox;
}

export function seedDefaultMailboxes(store: SandboxStore, now: number): void {
  const messages = DEFAULT_SEED_MESSAGE_COUNT;
  provisionMailbox(store, { address: DEFAULT_OFFICE365_MAILBOX, provider: 'office365', messages, now });
  provisionMailbox(store, { address: DEFAULT_GMAIL_MAILBOX, provider: 'gmail', messages, now });
}

/** Looks a message up by any id it is known by, across every mailbox (control API). */
export function findMessageAnywhere(
  store: SandboxStore,
  id: string,
): { mailbox: Mailbox; message: StoredMessage } | undefined {
  for (const mailbox of store.mailboxes.values()) {
    const message = mailbox.byId.get(id) ?? mailbox.byInternetMessageId.get(id);
    if (message) return { mailbox, message };
  }
  return undefined;
}
