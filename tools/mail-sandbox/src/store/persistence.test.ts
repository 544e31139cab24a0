import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OFFICE365_MAILBOX } from '../defaults';
import { createHarness } from '../test-support/harness';

let directory = '';
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('state file', () => {
  it('keeps mailboxes, changes and tokens across restarts', async () => {
    directory = await mkdtemp(join(tmpdir(), 'mail-sandbox-'));
    const stateFile = join(directory, 'state.json');
    const first = await createHarness({ stateFile });
    const { accessToken } = await first.connect('office365');
    const created = await first.control('POST', '/messages', {
      mailbox: DEFAULT_OFFICE365_MAILBOX,
      from: 'a@client.test',
      to: DEFAULT_OFFICE365_MAILBOX,
      subject: 'Persist me',
      attachments: [{ name: 'x.txt', content: Buffer.from('hello').toString('base64') }],
    });
    await first.control('POST', '/mailboxes', {
      address: 'extra@example.test',
      provider: 'gmail',
      messages: 5,
    });
    await first.close();

    const second = await createHarness({ stateFile });
    const summary = (await second.control('GET', `/mailboxes/${DEFAULT_OFFICE365_MAILBOX}?limit=1`)).json();
    expect(summary.messages[0]).toMatchObject({ id: created.json().id, subject: 'Persist me' });
    expect((await second.control('GET', '/mailboxes/extra@example.test')).json().messages).toHaveLength(5);
    const message = await second.graph('GET', `/me/messages/${created.json().id}/attachments`, {
      token: accessToken,
    });
    expect(message.statusCode).toBe(200);
    expect(Buffer.from(message.json().value[0].contentBytes, 'base64').toString()).toBe('hello');
    await second.close();
  });
});
