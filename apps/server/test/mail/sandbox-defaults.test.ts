import {
  SANDBOX_CLIENT_ID as SANDBOX_ID,
  SANDBOX_CLIENT_SECRET as SANDBOX_SECRET,
} from '@ledgerdesk/mail-sandbox';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../../src/mail/config';

describe('sandbox client credentials', () => {
  it('match the sandbox defaults (the server may not import tools/)', () => {
    expect(SANDBOX_CLIENT_ID).toBe(SANDBOX_ID);
    expect(SANDBOX_CLIENT_SECRET).toBe(SANDBOX_SECRET);
  });
});
