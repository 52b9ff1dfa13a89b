import { loadConfig } from './config';
import { serveUntilStopped } from './start-server';

try {
  await serveUntilStopped(loadConfig());
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
