import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time, each on its own fresh database.
    maxWorkers: 2,
    pool: 'forks',
  },
});
