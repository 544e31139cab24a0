import { defineConfig } from 'vitest/config';

// `npm run test:security`: the security suite (apps/server/test/security), kept out of `npm test` so CI runs it
// once, as its own step. Its browser part, e2e/tests/security-hostile-mail.spec.ts, runs with the browser
// journeys (or alone: npm run test:security:browser).
export default defineConfig({
  test: {
    include: ['apps/server/test/security/**/*.security.test.ts'],
    // Captures each file's logs and greps them for the secrets that went by (support/capture-logs.ts).
    setupFiles: ['apps/server/test/security/support/capture-logs.ts'],
    // Retried once in CI like the main suite (see vitest.config.ts).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
