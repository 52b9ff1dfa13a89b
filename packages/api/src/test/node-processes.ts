import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** This package's folder: the built entry points sit in its dist/. */
export const apiPackageDir = fileURLToPath(new URL('../..', import.meta.url));

/** Output kept per process, for the failure message: the latest lines tell what happened. */
const outputLimit = 20_000;

/** A Node process of the API's (server or worker), started as production starts it. */
export interface NodeProcess {
  name: string;
  /** Null while it runs; its exit code or signal once it has ended. */
  exit(): string | null;
  /** The latest of what it wrote to stdout and stderr. */
  output(): string;
  /** Resolves once it has written `text`; rejects if it ends first. */
  waitForOutput(text: string): Promise<void>;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves once it has ended. */
  stop(graceMs?: number): Promise<void>;
}

/** Runs `node <script>` in the API's folder with the environment given on top of this one's. */
export function startNodeProcess(name: string, script: string, env: Record<string, string>): NodeProcess {
  // VITEST off: the process logs as it would in production, instead of keeping silent as tests do.
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: apiPackageDir,
    env: { ...process.env, VITEST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: string | null = null;
  const waiting = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-outputLimit);
    for (const check of waiting) check();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      for (const check of waiting) check();
      resolve();
    }),
  );
  return {
    name,
    exit: () => exit,
    output: () => output,
    waitForOutput: (text) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (output.includes(text)) {
            waiting.delete(check);
            resolve();
          } else if (exit !== null) {
            waiting.delete(check);
            reject(new Error(`${name} ended (${exit}) before it wrote "${text}":\n${output}`));
          }
        };
        waiting.add(check);
        check();
      }),
    async stop(graceMs = 15_000) {
      if (exit !== null) return;
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await ended;
      clearTimeout(kill);
    },
  };
}

/** A browser over HTTP: keeps the cookies the API sets (session, sign-in binding) and sends them back. */
export class HttpBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  async post(query: string, variables: Record<string, unknown> = {}): Promise<HttpAnswer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.origin}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const index = pair.indexOf('=');
      const value = decodeURIComponent(pair.slice(index + 1));
      if (value === '' || /expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
    const text = await response.text();
    return { status: response.status, text, body: parseJson(text) };
  }
}

export interface HttpAnswer {
  status: number;
  text: string;
  /** The JSON body, or undefined when the answer is not JSON. */
  body?: {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: { code?: unknown } }[];
  };
}

function parseJson(text: string): HttpAnswer['body'] {
  try {
    return JSON.parse(text) as HttpAnswer['body'];
  } catch {
    return undefined;
  }
}
