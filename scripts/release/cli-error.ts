/** A refusal or failure the command reports in one line (exit 1), without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Runs a command's main: its errors print one line on stderr and exit 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
