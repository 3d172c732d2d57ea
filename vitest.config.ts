import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'resources/**/*.test.{ts,tsx}', 'dataProvider/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          // tests/e2e holds Playwright specs (*.spec.ts): never vitest's
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // the contract suite starts servers and databases (argon2 hashing, migrations)
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
