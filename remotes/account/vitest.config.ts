import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'account', environment: 'happy-dom', include: ['src/**/*.test.{ts,tsx}'] },
});
