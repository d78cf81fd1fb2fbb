import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/components/**/*.test.tsx'],
    testTimeout: 30_000,
    // Hooks seed databases and import photos: on a loaded 2-core machine that outlasts the default 10 s.
    hookTimeout: 120_000,
  },
});
