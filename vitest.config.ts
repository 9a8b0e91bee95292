import { defineConfig } from 'vitest/config';

/**
 * Three projects: fast unit tests, API tests on real databases (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), and browser journeys in headless Chromium against the built app.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // projects with different pools need their own group to run in one command
          sequence: { groupOrder: 0 },
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          include: ['apps/api/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
