import { defineConfig } from 'vitest/config';

const SERVER_TESTS = 'tests/server/**/*.test.ts';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Hooks seed databases and import photos: on a loaded 2-core machine that outlasts the default 10 s.
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['tests/unit/**/*.test.ts', SERVER_TESTS, 'tests/build/**/*.test.ts', 'tests/components/**/*.test.tsx'],
        },
      },
      {
        // The server suite again on PostgreSQL: a throw-away cluster for the run, a fresh database
        // per test app (tests/server/helpers.ts).
        extends: true,
        test: {
          name: 'server-pg',
          include: [SERVER_TESTS],
          env: { TEST_DATABASE: 'postgres' },
          globalSetup: ['tests/support/postgres-cluster.ts'],
        },
      },
    ],
  },
});
