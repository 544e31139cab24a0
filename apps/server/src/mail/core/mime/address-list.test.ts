import { describe, expect, it } from 'vitest';
import { formatAddress, parseAddress, parseAddressList, parseMessageIds } from './address-list';

describe('address lists', () => {
  it('parses names with commas, bare addresses, comments and groups', () => {
    expect(
      parseAddressList(
        '"Morgan, Alex" <alex@firm.test>, bob@client.test, Carol Day <carol@client.test> (billing)',
      ),
    ).toEqual([
      { name: 'Morgan, Alex', address: 'alex@firm.test' },
      { name: '', address: 'bob@client.test' },
      { name: 'Carol Day', address: 'carol@client.test' },
    ]);
    expect(parseAddressList('Team: dan@firm.test, eve@firm.test;')).toEqual([
      { name: '', address: 'dan@firm.test' },
      { name: '', address: 'eve@firm.test' },
    ]);
    expect(parseAddress('"Quote \\"Q\\" Person" <q@firm.test>')).toEqual({
      name: 'Quote "Q" Person',
      address: 'q@firm.test',
    });
    expect(parseAddressList('')).toEqual([]);
    expect(parseAddress('not an address')).toBeNull();
  });

  it('formats "Name <addr>" or the address alone', () => {
    expect(formatAddress({ name: 'Alex Morgan', address: 'alex@firm.test' })).toBe(
      'Alex Morgan <alex@firm.test>',
    );
    expect(formatAddress({ name: '', address: 'alex@firm.test' })).toBe('alex@firm.test');
    expect(formatAddress(null)).toBe('');
  });

  it('reads the message ids of References and In-Reply-To', () => {
    expect(parseMessageIds('<a@x.test>\r\n <b@y.test> <c@z.test>')).toEqual([
      'a@x.test',
      'b@y.test',
      'c@z.test',
    ]);
    expect(parseMessageIds('d@w.test')).toEqual(['d@w.test']);
    expect(parseMessageIds(null)).toEqual([]);
  });
});
