import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    css: false,
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where
    // these files then took 250 s instead of 155 s.
    maxWorkers: 2,
  },
});
