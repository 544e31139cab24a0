import { describe, expect, it } from 'vitest';
import { distinctSenders, parseSenderAddress } from './sender-address';

describe('parseSenderAddress', () => {
  it('splits "Name <address>"', () => {
    expect(parseSenderAddress('Alice Smith <alice@example.com>')).toEqual({
      name: 'Alice Smith',
      address: 'alice@example.com',
    });
  });

  it('drops quotes around the name', () => {
    expect(parseSenderAddress('"Smith, Alice" <alice@example.com>')).toEqual({
      name: 'Smith, Alice',
      address: 'alice@example.com',
    });
  });

  it('keeps a bare address with an empty name', () => {
    expect(parseSenderAddress(' bob@example.com ')).toEqual({ name: '', address: 'bob@example.com' });
    expect(parseSenderAddress(null)).toEqual({ name: '', address: '' });
  });
});

describe('distinctSenders', () => {
  it('keeps the first appearance of each address, case-insensitively, and skips blanks', () => {
    expect(
      distinctSenders(['Alice <a@x.com>', 'b@x.com', 'ALICE <A@X.COM>', '', null, 'Bob <b@x.com>']),
    ).toEqual([
      { name: 'Alice', address: 'a@x.com' },
      { name: '', address: 'b@x.com' },
    ]);
  });
});
