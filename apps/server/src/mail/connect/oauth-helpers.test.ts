import { describe, expect, it } from 'vitest';
import { createPkcePair, createState, pkceChallenge } from './pkce';
import { isAllowedRedirectUri } from './redirect-uri';

describe('PKCE and state', () => {
  it('derives the S256 challenge of RFC 7636 appendix B', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes verifiers of 43+ unreserved characters and unguessable states', () => {
    const pair = createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(pair.challenge).toBe(pkceChallenge(pair.verifier));
    expect(createState('gmail')).toMatch(/^gmail\.[\w-]{32}$/);
    expect(createState('gmail')).not.toBe(createState('gmail'));
  });
});

describe('redirect URIs', () => {
  const origins = ['https://app.example.com'];
  it('accepts the email integration page, optionally naming its provider', () => {
    expect(isAllowedRedirectUri('https://app.example.com/integrations/email', 'gmail', origins)).toBe(true);
    expect(
      isAllowedRedirectUri('https://app.example.com/integrations/email?provider=gmail', 'gmail', origins),
    ).toBe(true);
  });

  it('refuses other origins, paths, providers, queries and fragments', () => {
    for (const uri of [
      'https://evil.example.com/integrations/email',
      'https://app.example.com/integrations/email/',
      'https://app.example.com/integrations/email?provider=office365',
      'https://app.example.com/integrations/email?provider=gmail&next=/x',
      'https://app.example.com/integrations/email#x',
      'not a url',
    ]) {
      expect(isAllowedRedirectUri(uri, 'gmail', origins), uri).toBe(false);
    }
  });
});
