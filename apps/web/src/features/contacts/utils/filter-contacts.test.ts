import type { Contact } from '@ledgerdesk/domain/entities';
import { describe, expect, it } from 'vitest';
import { filterContacts } from './filter-contacts';

const contact = (name: string, email: string): Contact => ({
  id: name,
  name,
  email,
  type: 'PERSON',
  organization: 'Org',
  phone: '',
  avatar: '',
  lastActivity: '2026-01-01T00:00:00Z',
});

const people = [
  contact('Priya Natarajan', 'priya@northgatedental.co.uk'),
  contact('Tom Mason', 'tom@masonbuild.co.uk'),
];

describe('filterContacts', () => {
  it('matches the name, ignoring case', () => {
    expect(filterContacts(people, 'PRIYA').map((c) => c.name)).toEqual(['Priya Natarajan']);
  });
  it('matches the email, ignoring case', () => {
    expect(filterContacts(people, 'MasonBuild').map((c) => c.name)).toEqual(['Tom Mason']);
  });
  it('keeps everything for a blank query and nothing for a miss', () => {
    expect(filterContacts(people, '   ')).toHaveLength(2);
    expect(filterContacts(people, 'zzz')).toEqual([]);
  });
  it('does not match the organisation', () => {
    expect(filterContacts(people, 'Org')).toEqual([]);
  });
});
