import { defineConfig, mergeConfig } from 'vitest/config';
import { browserApp } from './vite.config';

export default mergeConfig(
  browserApp,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
      css: false,
      // A page test renders antd in jsdom and types into it: on a loaded two-core machine (the
      // API suites run beside it) that takes seconds, not the default five; under heavy load, twenty.
      testTimeout: 45_000,
      // Both cores (the default leaves one free): the suite takes about 75 s instead of 115 s.
      maxWorkers: 2,
      // Each worker imports antd, React and the app once instead of once a file (4 min → 2.5 min
      // for 39 files). Safe while no test mocks a module: the setup file cleans the DOM, the
      // stubbed globals and the language after each test, and spies are restored.
      isolate: false,
      restoreMocks: true,
    },
  }),
);
