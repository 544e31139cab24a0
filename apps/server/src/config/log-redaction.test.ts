import { describe, expect, it } from 'vitest';
import { isSecretParameter, REDACTED, redactLogSecrets, redactUrlSecrets } from './log-redaction';

describe('redactUrlSecrets', () => {
  it.each([
    ['/firm/join?token=abc.DEF-123', '/firm/join?token=[redacted]'],
    ['/api/firm?view=all&token=abc&page=2', '/api/firm?view=all&token=[redacted]&page=2'],
    [
      '/integrations/email?code=M.C5_BAY.2&state=xyz&session_state=s1',
      '/integrations/email?code=[redacted]&state=[redacted]&session_state=[redacted]',
    ],
    ['/hook?validationToken=Validation%3A%20Testing', '/hook?validationToken=[redacted]'],
    [
      '/s3/a.png?X-Amz-Credential=AK%2F1&X-Amz-Signature=f00&X-Amz-Security-Token=t&X-Amz-Expires=60',
      '/s3/a.png?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Security-Token=[redacted]&X-Amz-Expires=60',
    ],
    [
      '/x?password=p&new_password=q&client_secret=r&api_key=s&apiKey=t&key=u&sig=v&refresh_token=w',
      '/x?password=[redacted]&new_password=[redacted]&client_secret=[redacted]&api_key=[redacted]&apiKey=[redacted]&key=[redacted]&sig=[redacted]&refresh_token=[redacted]',
    ],
    [
      '/cb#access_token=abc&id_token=def&expires_in=3600',
      '/cb#access_token=[redacted]&id_token=[redacted]&expires_in=3600',
    ],
    ['/x?TOKEN=a;Token=b', '/x?TOKEN=[redacted];Token=[redacted]'],
    [
      '/x?%74oken=a&token[]=b&token%5B%5D=c',
      '/x?%74oken=[redacted]&token[]=[redacted]&token%5B%5D=[redacted]',
    ],
    // A URL nested in another's parameter, plain and percent-encoded.
    ['/login?next=/firm/join?token=abc', '/login?next=/firm/join?token=[redacted]'],
    [
      '/authorize?redirect_uri=https%3A%2F%2Fa.test%2Fcb%3Ftoken%3Dabc%26x%3D1&scope=mail',
      '/authorize?redirect_uri=https%3A%2F%2Fa.test%2Fcb%3Ftoken%3D[redacted]%26x%3D1&scope=mail',
    ],
    // Inside a serialized log line: the JSON string ends the value, an escaped quote does not.
    [
      '{"req":{"method":"GET","url":"/firm/join?token=ab\\"cd&q=1"},"msg":"incoming request"}',
      '{"req":{"method":"GET","url":"/firm/join?token=[redacted]&q=1"},"msg":"incoming request"}',
    ],
    ['{"msg":"Route GET:/api/x?code=abc not found"}', '{"msg":"Route GET:/api/x?code=[redacted] not found"}'],
  ])('%s', (text, expected) => {
    expect(redactUrlSecrets(text)).toBe(expected);
  });

  it('keeps URLs without secrets, empty values and text that is not a URL as they are', () => {
    for (const text of [
      '/api/triage?view=later&cursor=abc&limit=50',
      '/api/avatars/u/avatar.png?v=1732690000000',
      '/firm/join?token=',
      'token=abc outside a URL',
      '{"msg":"request completed","res":{"statusCode":200},"responseTime":1.2}',
    ]) {
      expect(redactUrlSecrets(text)).toBe(text);
    }
  });

  it('names secret parameters whatever their case, separators or encoding', () => {
    for (const name of [
      'token',
      'Access-Token',
      'validationToken',
      'CLIENT_SECRET',
      '%70assword',
      'x-api-key',
    ])
      expect(isSecretParameter(name), name).toBe(true);
    for (const name of ['view', 'cursor', 'v', 'q', 'limit', 'expires_in', 'scope', 'redirect_uri'])
      expect(isSecretParameter(name), name).toBe(false);
  });
});

describe('redactLogSecrets', () => {
  it("redacts a Graph notification's clientState in a logged JSON body, plain or nested in a string", () => {
    const line = JSON.stringify({ body: { value: [{ subscriptionId: 's1', clientState: 'c2VjcmV0' }] } });
    expect(redactLogSecrets(line)).toBe(line.replace('c2VjcmV0', REDACTED));
    const nested = JSON.stringify({ msg: JSON.stringify({ clientState: 'c2VjcmV0', id: 'x' }) });
    expect(redactLogSecrets(nested)).not.toContain('c2VjcmV0');
    expect(redactLogSecrets(nested)).toContain('x');
  });
});
