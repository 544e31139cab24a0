import type { ImapFlow, ListResponse } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { findFolders } from './imap-folders';

/** A folder as imapflow lists it: special use from the server's flag ('extension') or guessed by name. */
function folder(path: string, specialUse?: string, source?: 'extension' | 'name', flags: string[] = []) {
  const parts = path.split('/');
  return {
    path,
    name: parts.at(-1) ?? path,
    delimiter: '/',
    parentPath: parts.slice(0, -1).join('/'),
    parent: parts.slice(0, -1),
    flags: new Set(flags),
    specialUse,
    specialUseSource: source,
    listed: true,
    subscribed: true,
  } as unknown as ListResponse;
}

const listing = (folders: ListResponse[]) => ({ list: async () => folders }) as unknown as ImapFlow;

describe('findFolders', () => {
  it("Gmail's All Mail is not an archive: it holds Inbox and Sent too, so each message would be listed twice", async () => {
    const found = await findFolders(
      listing([
        folder('INBOX'),
        folder('[Gmail]', undefined, undefined, ['\\Noselect']),
        folder('[Gmail]/All Mail', '\\All', 'extension'),
        folder('[Gmail]/Sent Mail', '\\Sent', 'extension'),
      ]),
    );
    expect(found).toEqual({ inbox: 'INBOX', sent: '[Gmail]/Sent Mail', archive: null });
  });

  it("the server's own flag wins over a folder imapflow guessed by its name", async () => {
    const found = await findFolders(
      listing([
        folder('INBOX'),
        folder('Archives', '\\Archive', 'name'),
        folder('Folders/Filed', '\\Archive', 'extension'),
        folder('Sent', '\\Sent', 'name'),
      ]),
    );
    expect(found).toEqual({ inbox: 'INBOX', sent: 'Sent', archive: 'Folders/Filed' });
  });

  it('a name guess counts only at the top level or directly under INBOX', async () => {
    const deep = await findFolders(
      listing([folder('INBOX'), folder('Clients/Acme/Archive', '\\Archive', 'name')]),
    );
    expect(deep.archive).toBeNull();
    const underInbox = await findFolders(
      listing([folder('INBOX'), folder('INBOX/Archive', '\\Archive', 'name')]),
    );
    expect(underInbox.archive).toBe('INBOX/Archive');
  });
});
