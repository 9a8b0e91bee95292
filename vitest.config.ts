import { defineConfig } from 'vitest/config';

/**
 * Browser-journey files run two at a time (each has its own server, data folder and Chromium): on these 2-core
 * machines that keeps the suite within the 40-minute budget; 1 = one at a time, for a loaded machine.
 */
const E2E_FILES_AT_ONCE = Math.max(1, Number(process.env.E2E_FILES_AT_ONCE || 2));

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
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'scripts/**/*.test.mjs'],
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
          // A page's smooth scroll or fetch can outlast expect.poll's 1 s default on a loaded 2-core machine.
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          maxWorkers: E2E_FILES_AT_ONCE,
          fileParallelism: E2E_FILES_AT_ONCE > 1,
        },
      },
    ],
  },
});
