import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'test-kit', include: ['src/**/*.test.ts'], environment: 'node' },
});
