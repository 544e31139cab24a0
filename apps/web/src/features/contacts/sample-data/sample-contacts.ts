import type { Contact, ContactGroup } from '@ledgerdesk/domain/entities';

// Fixed sample data (spec §1: this screen makes no server calls). Activity times are relative to now so the
// list never looks stale; a later change swaps this file for a real query.

function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
}

type SampleContact = Omit<Contact, 'lastActivity' | 'avatar'> & { hoursSinceActivity: number };

const CONTACTS: SampleContact[] = [
  {
    id: 'c-priya-natarajan',
    name: 'Priya Natarajan',
    email: 'priya@northgatedental.co.uk',
    type: 'PERSON',
    organization: 'Northgate Dental',
    phone: '+44 113 496 0321',
    hoursSinceActivity: 2,
  },
  {
    id: 'c-james-whitaker',
    name: 'James Whitaker',
    email: 'james@brightwaterbakery.co.uk',
    type: 'PERSON',
    organization: 'Brightwater Bakery',
    phone: '+44 1632 960 118',
    hoursSinceActivity: 5,
  },
  {
    id: 'c-olivia-harper',
    name: 'Olivia Harper',
    email: 'o.harper@harperlowe.law',
    type: 'PERSON',
    organization: 'Harper & Lowe LLP',
    phone: '+44 20 7946 0412',
    hoursSinceActivity: 26,
  },
  {
    id: 'c-marcus-lowe',
    name: 'Marcus Lowe',
    email: 'm.lowe@harperlowe.law',
    type: 'PERSON',
    organization: 'Harper & Lowe LLP',
    phone: '+44 20 7946 0413',
    hoursSinceActivity: 73,
  },
  {
    id: 'c-amara-okafor',
    name: 'Dr Amara Okafor',
    email: 'amara@okaforclinic.co.uk',
    type: 'PERSON',
    organization: 'Okafor Family Clinic',
    phone: '+44 161 496 0754',
    hoursSinceActivity: 50,
  },
  {
    id: 'c-sophie-bennett',
    name: 'Sophie Bennett',
    email: 'sophie@fernandfield.co.uk',
    type: 'PERSON',
    organization: 'Fern & Field Florists',
    phone: '+44 117 496 0290',
    hoursSinceActivity: 120,
  },
  {
    id: 'c-daniel-reyes',
    name: 'Daniel Reyes',
    email: 'daniel.reyes@calderlogistics.com',
    type: 'PERSON',
    organization: 'Calder Logistics Ltd',
    phone: '+44 1422 496 031',
    hoursSinceActivity: 8,
  },
  {
    id: 'c-hannah-cole',
    name: 'Hannah Cole',
    email: 'hannah@riversidephysio.co.uk',
    type: 'PERSON',
    organization: 'Riverside Physio',
    phone: '+44 118 496 0877',
    hoursSinceActivity: 30,
  },
  {
    id: 'c-tom-mason',
    name: 'Tom Mason',
    email: 'tom@masonbuild.co.uk',
    type: 'PERSON',
    organization: 'Mason Build Co.',
    phone: '+44 1632 960 455',
    hoursSinceActivity: 200,
  },
  {
    id: 'c-harper-lowe',
    name: 'Harper & Lowe LLP',
    email: 'accounts@harperlowe.law',
    type: 'ORGANISATION',
    organization: 'Harper & Lowe LLP',
    phone: '+44 20 7946 0400',
    hoursSinceActivity: 26,
  },
  {
    id: 'c-northgate-dental',
    name: 'Northgate Dental',
    email: 'practice@northgatedental.co.uk',
    type: 'ORGANISATION',
    organization: 'Northgate Dental',
    phone: '+44 113 496 0300',
    hoursSinceActivity: 2,
  },
  {
    id: 'c-brightwater-bakery',
    name: 'Brightwater Bakery',
    email: 'hello@brightwaterbakery.co.uk',
    type: 'ORGANISATION',
    organization: 'Brightwater Bakery',
    phone: '+44 1632 960 100',
    hoursSinceActivity: 5,
  },
  {
    id: 'c-calder-logistics',
    name: 'Calder Logistics Ltd',
    email: 'finance@calderlogistics.com',
    type: 'ORGANISATION',
    organization: 'Calder Logistics Ltd',
    phone: '+44 1422 496 000',
    hoursSinceActivity: 8,
  },
  {
    id: 'c-fern-field',
    name: 'Fern & Field Florists',
    email: 'orders@fernandfield.co.uk',
    type: 'ORGANISATION',
    organization: 'Fern & Field Florists',
    phone: '+44 117 496 0280',
    hoursSinceActivity: 120,
  },
];

export const SAMPLE_CONTACTS: Contact[] = CONTACTS.map(({ hoursSinceActivity, ...contact }) => ({
  ...contact,
  avatar: '',
  lastActivity: hoursAgo(hoursSinceActivity),
}));

const GROUP_MEMBERS: Array<{ id: string; name: string; members: string[] }> = [
  {
    id: 'g-vat-quarterly',
    name: 'VAT quarterly clients',
    members: [
      'c-northgate-dental',
      'c-priya-natarajan',
      'c-brightwater-bakery',
      'c-james-whitaker',
      'c-tom-mason',
    ],
  },
  {
    id: 'g-payroll',
    name: 'Payroll clients',
    members: ['c-northgate-dental', 'c-calder-logistics', 'c-daniel-reyes', 'c-hannah-cole'],
  },
  {
    id: 'g-year-end-december',
    name: 'December year-ends',
    members: ['c-brightwater-bakery', 'c-james-whitaker', 'c-fern-field', 'c-sophie-bennett'],
  },
  {
    id: 'g-audit',
    name: 'Audit clients',
    members: ['c-calder-logistics', 'c-daniel-reyes', 'c-harper-lowe'],
  },
  {
    id: 'g-self-assessment',
    name: 'Self assessment',
    members: ['c-amara-okafor', 'c-olivia-harper', 'c-marcus-lowe'],
  },
];

/** Groups with their contact count (spec §3 Contact group: name, count). */
export const SAMPLE_CONTACT_GROUPS: ContactGroup[] = GROUP_MEMBERS.map(({ id, name, members }) => ({
  id,
  name,
  count: members.length,
}));

/** The contacts of one group, or null for an unknown group. */
export function sampleGroupContacts(groupId: string): Contact[] | null {
  const group = GROUP_MEMBERS.find((candidate) => candidate.id === groupId);
  if (!group) return null;
  return SAMPLE_CONTACTS.filter((contact) => group.members.includes(contact.id));
}

/** One contact by id, or undefined. */
export function findSampleContact(id: string): Contact | undefined {
  return SAMPLE_CONTACTS.find((contact) => contact.id === id);
}
