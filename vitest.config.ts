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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
