import { defineConfig } from 'vitest/config';

// One test command for the whole repo: unit tests beside their code, integration suites in test/ trees.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'tools/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/test/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      // Hook and component tests: each picks its DOM with `// @vitest-environment happy-dom`.
      'apps/web/src/**/*.test.tsx',
      'bench/src/**/*.test.ts',
    ],
    // The security suite runs on its own (npm run test:security, vitest.security.config.ts).
    exclude: ['**/node_modules/**', '**/*.security.test.ts'],
    // In CI (2 loaded cores, real databases, a sandbox and child processes) a test that fails is run once more
    // and reported as flaky; one that fails twice fails the job.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
