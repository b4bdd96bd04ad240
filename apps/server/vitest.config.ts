import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time, each on its own fresh database.
    maxWorkers: 2,
    pool: 'forks',
    // A worker's files share their imported modules instead of importing the whole app anew for
    // each file (that import was half the suite's time). It is safe because every file builds its
    // own app on its own database and no test mocks a module or changes the environment; a test
    // that must do either belongs in a file of its own with `isolate` set back for it.
    isolate: false,
  },
});
