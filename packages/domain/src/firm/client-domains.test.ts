import { describe, expect, it } from 'vitest';
import { domainOf, isOrganisationDomain, organisationNameGuess } from './client-domains';

describe('client domains', () => {
  it('never names an organisation by a public mail domain', () => {
    expect(isOrganisationDomain('northgate-dental.test')).toBe(true);
    expect(isOrganisationDomain('gmail.com')).toBe(false);
    expect(isOrganisationDomain('Outlook.com')).toBe(false);
    expect(isOrganisationDomain('localhost')).toBe(false);
  });

  it('reads domains and guesses names', () => {
    expect(domainOf('priya@Northgate-Dental.test')).toBe('northgate-dental.test');
    expect(domainOf('nobody')).toBe('');
    expect(organisationNameGuess('northgate-dental.co.uk')).toBe('Northgate Dental');
  });
});
