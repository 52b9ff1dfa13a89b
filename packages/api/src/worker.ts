// The job engine's workers on their own (`node dist/worker.mjs`), for a scaled deployment: run one or
// more of these against the API's PostgreSQL and start the API processes with JOBS_IN_PROCESS=false.
import { loadConfig } from './config';
import { logger } from './kernel/logger';
import { logJobError, openDatabase, runUntilStopped, startJobs } from './start-server';

try {
  const config = loadConfig();
  if (config.database.kind !== 'postgres') {
    throw new Error(
      'The separate worker needs DATABASE_URL (PostgreSQL): the embedded PGlite database belongs to one process, where the API runs the jobs itself.',
    );
  }
  await runUntilStopped(
    async () => {
      const database = await openDatabase(config);
      try {
        const jobs = await startJobs(config, database, logJobError);
        return {
          async close() {
            await jobs.stop();
            await database.close();
          },
        };
      } catch (error) {
        await database.close();
        throw error;
      }
    },
    () => logger.info({ database: 'PostgreSQL' }, 'Atrium worker running jobs'),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
