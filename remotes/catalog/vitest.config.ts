import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'catalog', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
