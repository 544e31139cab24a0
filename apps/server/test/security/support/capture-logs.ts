import { inspect } from 'node:util';
import { afterAll, expect } from 'vitest';
import { captureLine, leakedSecrets, startLogCapture } from '../../support/log-capture';

// The security suite's setup (vitest.security.config.ts): every test app of a file logs at debug level into one
// capture, together with every console print; the passwords and session tokens of its sign-ups and the secrets
// its tests name are remembered; at the end of the file none of them may appear in what was captured.
const capture = startLogCapture();
for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
  const original = console[method].bind(console);
  console[method] = (...args: unknown[]) => {
    captureLine(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '));
    original(...args);
  };
}

afterAll(() => {
  expect(leakedSecrets(), 'secrets found in the captured log').toEqual([]);
  // The grep looked at something: a file that signs up has logged its requests.
  if (capture.secrets.size > 0) expect(capture.lines.length).toBeGreaterThan(0);
});
