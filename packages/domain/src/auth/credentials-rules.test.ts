import { describe, expect, it } from 'vitest';
import { credentialsSchema } from './credentials';
import { credentialsProblem } from './credentials-rules';

const cases = [
  { email: 'amy@firm.com', password: 'secret1' },
  { email: '  amy@firm.co.uk ', password: '123456' },
  { email: '', password: 'secret1' },
  { email: 'amy@', password: 'secret1' },
  { email: 'amy firm@firm.com', password: 'secret1' },
  { email: 'amy@firm', password: 'secret1' },
  { email: 'amy@firm.com', password: '' },
  { email: 'amy@firm.com', password: '12345' },
  { email: 'amy@firm.com', password: 'x'.repeat(129) },
  { email: `${'a'.repeat(320)}@firm.com`, password: 'secret1' },
];

describe('credentialsProblem (browser, zod-free)', () => {
  it.each(cases)('agrees with the server schema for %o', (input) => {
    const server = credentialsSchema.safeParse(input);
    const serverProblem = server.success ? null : (server.error.issues[0]?.message ?? 'invalid');
    expect(credentialsProblem(input)).toBe(serverProblem);
  });
});
