import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/build/**/*.test.ts', 'tests/components/**/*.test.tsx'],
    testTimeout: 30_000,
  },
});
