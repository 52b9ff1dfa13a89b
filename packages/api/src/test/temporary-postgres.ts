import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL server of a test's own, in a temporary folder: it may be stopped and started at will. */
export interface TemporaryPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Stops the server the way a failover or maintenance restart does (`pg_ctl -m fast`): sessions are cut. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  dispose(): Promise<void>;
}

/**
 * The folder holding `initdb` and `pg_ctl`: the PATH's, else the newest /usr/lib/postgresql/<n>/bin,
 * or null when PostgreSQL's server tools are not installed.
 */
export function postgresBinDir(): string | null {
  const debianDirs = (() => {
    try {
      return readdirSync('/usr/lib/postgresql')
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => join('/usr/lib/postgresql', version, 'bin'));
    } catch {
      return [];
    }
  })();
  const candidates = [...(process.env.PATH ?? '').split(delimiter).filter(Boolean), ...debianDirs];
  return (
    candidates.find((dir) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'pg_ctl'))) ?? null
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A port nothing listens on right now (the operating system's pick). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Creates a cluster with `initdb` in a temporary folder and starts it on a free port (trust
 * authentication, user postgres, fsync off). PostgreSQL refuses to run as root, so as root its tools
 * run as the `postgres` user, who owns the folder.
 */
export async function startTemporaryPostgres(binDir: string): Promise<TemporaryPostgres> {
  const folder = await mkdtemp(join(tmpdir(), 'atrium-postgres-'));
  const dataDir = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(binDir, name), ...args])
      : run(join(binDir, name), args);

  const port = await freePort();
  await tool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${folder}'`,
    '-c fsync=off',
    '-c max_connections=60',
  ].join(' ');
  const pgCtl = (args: string[]) => tool('pg_ctl', ['-D', dataDir, ...args]);
  let running = false;
  const server: TemporaryPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await pgCtl(['-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async start() {
      await pgCtl(['-o', serverOptions, '-l', join(folder, 'server.log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    async dispose() {
      if (running) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      await rm(folder, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return server;
}
