export type Client = { company: string; contact: string; domain: string; directors: readonly string[] };

/** Fictional clients of a small accounting practice (all domains are reserved .test names). */
export const CLIENTS: readonly Client[] = [
  {
    company: 'Brightwater Bakery Ltd',
    contact: 'Sarah Okafor',
    domain: 'brightwater-bakery.test',
    directors: ['Tom Okafor'],
  },
  {
    company: 'Kestrel Joinery Ltd',
    contact: 'Dan Whitfield',
    domain: 'kestrel-joinery.test',
    directors: ['Maria Whitfield'],
  },
  {
    company: 'Oakfield Dental Practice',
    contact: 'Dr Helen Price',
    domain: 'oakfield-dental.test',
    directors: ['Dr Raj Mehta', 'Dr Anna Kowalski'],
  },
  {
    company: 'Marlow & Finch Solicitors',
    contact: 'James Finch',
    domain: 'marlowfinch.test',
    directors: ['Eleanor Marlow'],
  },
  {
    company: 'Northgate Logistics Ltd',
    contact: 'Priya Raman',
    domain: 'northgate-logistics.test',
    directors: ['Gavin Holt', 'Ruth Adeyemi', 'Colin Barr'],
  },
  { company: 'Copperleaf Café', contact: 'Luca Bianchi', domain: 'copperleaf-cafe.test', directors: [] },
  {
    company: 'Sable Digital Studio',
    contact: 'Maya Lindqvist',
    domain: 'sable-digital.test',
    directors: ['Oskar Lindqvist'],
  },
  {
    company: 'Thistle Home Care Ltd',
    contact: 'Fiona MacLeod',
    domain: 'thistle-homecare.test',
    directors: ['Iain MacLeod'],
  },
  {
    company: 'Riverside Veterinary Clinic',
    contact: 'Ben Carter',
    domain: 'riverside-vets.test',
    directors: ['Dr Sophie Carter'],
  },
  {
    company: 'Granite Peak Construction',
    contact: 'Mark Doyle',
    domain: 'granitepeak.test',
    directors: ['Siobhan Doyle', 'Peter Grant'],
  },
  { company: 'Bluebell Florists', contact: 'Grace Allen', domain: 'bluebell-florists.test', directors: [] },
  { company: 'Lantern Yoga Studio', contact: 'Aisha Khan', domain: 'lantern-yoga.test', directors: [] },
  {
    company: 'Harrow Street Pharmacy',
    contact: 'Nikhil Patel',
    domain: 'harrowstreet-pharmacy.test',
    directors: ['Meera Patel'],
  },
  {
    company: 'Whitecliff Holiday Lets',
    contact: 'Olivia Hart',
    domain: 'whitecliff-lets.test',
    directors: ['Edward Hart'],
  },
  {
    company: 'Ironbridge Engineering Ltd',
    contact: 'Stuart Kemp',
    domain: 'ironbridge-eng.test',
    directors: ['Lorna Kemp', 'Victor Osei'],
  },
  {
    company: 'Meadowsweet Nursery',
    contact: 'Chloe Evans',
    domain: 'meadowsweet-nursery.test',
    directors: ['Rhys Evans'],
  },
  {
    company: 'Pembroke Wine Merchants',
    contact: 'Henry Ashworth',
    domain: 'pembroke-wines.test',
    directors: ['Clara Ashworth'],
  },
  {
    company: 'Quayside Fitness Ltd',
    contact: 'Jordan Reid',
    domain: 'quayside-fitness.test',
    directors: ['Kim Reid'],
  },
  {
    company: 'Saffron Kitchen Catering',
    contact: 'Farah Hussain',
    domain: 'saffron-kitchen.test',
    directors: ['Imran Hussain'],
  },
  {
    company: 'Tidewater Marine Services',
    contact: 'Callum Fraser',
    domain: 'tidewater-marine.test',
    directors: ['Isla Fraser', 'Robert Nairn'],
  },
  {
    company: 'Elmwood Architects LLP',
    contact: 'Rebecca Stone',
    domain: 'elmwood-architects.test',
    directors: ['Paul Stone', 'Nadia Rossi'],
  },
  { company: 'Foxglove Gardens Ltd', contact: 'Ian Mercer', domain: 'foxglove-gardens.test', directors: [] },
  {
    company: 'Moorland Print Co',
    contact: 'Tessa Wright',
    domain: 'moorland-print.test',
    directors: ['Alan Wright'],
  },
  {
    company: 'Silverbirch IT Consulting',
    contact: 'Arjun Nair',
    domain: 'silverbirch-it.test',
    directors: [],
  },
];

/** Colleagues at the practice, used on CC lines (their domain is the mailbox owner's). */
export const COLLEAGUES: readonly string[] = [
  'Priya Shah',
  'Tom Gallagher',
  'Hannah Brooks',
  'Owen Price',
  'Lucy Chen',
  'Marcus Bell',
  'Ellie Ward',
];

export type Sender = { name: string; address: string };

export const TAX_AUTHORITY: Sender = { name: 'HM Revenue & Customs', address: 'no-reply@hmrc-notices.test' };
export const SOFTWARE_VENDOR: Sender = {
  name: 'LedgerCloud Practice News',
  address: 'news@ledgercloud.test',
};
export const BANK: Sender = { name: 'Northbank Business Banking', address: 'alerts@northbank-business.test' };

export const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function personAddress(name: string, domain: string): string {
  const local = name
    .replace(/^Dr\s+/, '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z\s]/g, '')
    .trim()
    .replace(/\s+/g, '.');
  return `${local}@${domain}`;
}
