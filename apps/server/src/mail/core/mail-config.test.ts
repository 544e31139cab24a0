import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/env';
import { resolveMailConfig } from './mail-config';

describe('mail configuration', () => {
  it('talks to the public Microsoft and Google endpoints when credentials are set', () => {
    const env = parseEnv({
      MICROSOFT_CLIENT_ID: 'ms-id',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
    });
    const config = resolveMailConfig(env, 'https://app.example.com');
    expect(config.microsoft).toEqual({
      clientId: 'ms-id',
      clientSecret: 'ms-secret',
      tenant: 'common',
      loginUrl: 'https://login.microsoftonline.com',
      graphUrl: 'https://graph.microsoft.com',
      isSandbox: false,
      publicUrl: 'https://app.example.com',
    });
    expect(config.google).toMatchObject({
      authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      apiUrl: 'https://gmail.googleapis.com',
      isSandbox: false,
    });
  });

  it('honours national-cloud and tenant settings', () => {
    const env = parseEnv({
      MICROSOFT_CLIENT_ID: 'ms-id',
      MICROSOFT_CLIENT_SECRET: 'ms-secret',
      MICROSOFT_TENANT: 'contoso.onmicrosoft.com',
      MICROSOFT_LOGIN_URL: 'https://login.microsoftonline.us/',
      MICROSOFT_GRAPH_URL: 'https://graph.microsoft.us',
    });
    expect(resolveMailConfig(env, 'https://app.example.com').microsoft).toMatchObject({
      tenant: 'contoso.onmicrosoft.com',
      loginUrl: 'https://login.microsoftonline.us',
      graphUrl: 'https://graph.microsoft.us',
    });
  });

  it('points a provider without credentials at the mounted sandbox, or turns it off', () => {
    const sandbox = resolveMailConfig(parseEnv({}), 'http://localhost:3000/');
    expect(sandbox.microsoft).toMatchObject({
      loginUrl: 'http://localhost:3000/sandbox/microsoft',
      graphUrl: 'http://localhost:3000/sandbox/graph',
      isSandbox: true,
    });
    expect(sandbox.google).toMatchObject({ apiUrl: 'http://localhost:3000/sandbox/gmail', isSandbox: true });
    expect(resolveMailConfig(parseEnv({ MAIL_SANDBOX: 'off' }), 'http://localhost:3000')).toEqual({
      microsoft: null,
      google: null,
    });
  });
});
