// Benchmark of the host's server rendering under load, on the production build served as separate
// deployments (the e2e stack, embedded database): each demo marketplace's /services for a returning
// client (a page-state cookie with a chosen location), asked by 1, 10 and 50 clients at once over
// kept-alive connections, brotli accepted as a browser does; then 50 at once with the host run as two
// processes (HOST_PROCESSES=2). Prints pages/s, p50 and p99, the pages that came back unrendered (the
// plain shell, or not a 200), and the host's resident memory. Each figure is beside a baseline from
// the same run (one client; the host's static config.json at the same concurrency), so the ratios do
// not depend on the machine's speed. BENCH_SSR_PAGES (default 600) sets the pages asked at each level;
// BENCH_SSR_MEMORY_PAGES (default none; `pnpm bench --scale` asks 20,000) that many more pages, 10 at
// once, with the host's memory read every 5,000, to show whether it stays flat after warm-up.
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { demoMarketplaces } from '../support/marketplaces';
import { ports } from '../support/ports';
import { Stack } from '../support/stack';

const levels = [1, 10, 50];
const pagesPerLevel = Number(process.env.BENCH_SSR_PAGES ?? 600);
const memoryPages = Number(process.env.BENCH_SSR_MEMORY_PAGES ?? 0);
const goals = { throughputAt50: 2, p99At50OverP50At1: 10, twoProcesses: 1.8, unrendered: 0 };

interface Target {
  path: string;
  cookie?: string;
}

const staticFile: Target[] = [{ path: '/config.json' }];
const pages: Target[] = demoMarketplaces.map((marketplace) => {
  const storage = {
    'marketplace-id': JSON.stringify(marketplace.id),
    'selected-location': JSON.stringify(marketplace.clinic),
  };
  return {
    path: `/${marketplace.id}/services`,
    cookie: `atrium-page=${encodeURIComponent(JSON.stringify(storage))}`,
  };
});

interface Answer {
  ms: number;
  rendered: boolean;
}

/** One page, as a browser asks for it; rendered when its root holds the server's HTML (or is a file). */
function ask(agent: http.Agent, page: Target): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: ports.host,
        path: page.path,
        agent,
        headers: {
          accept: 'text/html',
          'accept-encoding': 'br, gzip',
          ...(page.cookie && { cookie: page.cookie }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const html = (
            response.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw
          ).toString();
          const rendered = response.statusCode === 200 && !html.includes('<div id="root"></div>');
          resolve({ ms: performance.now() - started, rendered });
        });
      },
    );
    request.on('error', () => resolve({ ms: performance.now() - started, rendered: false }));
  });
}

/** `total` pages asked by `clients` clients at once, each asking again as soon as it is answered. */
async function level(clients: number, total: number, targets: Target[] = pages) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const answers: Answer[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        const page = targets[next++ % targets.length] as Target;
        answers.push(await ask(agent, page));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    clients,
    perSecond: answers.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    unrendered: answers.filter((a) => !a.rendered).length,
  };
}

/** The host's server process's resident memory (MB), found by its command line. */
function hostRssMb(): number | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!command.includes('host/server/server.js')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return rss ? Math.round(Number(rss) / 1024) : null;
    } catch {
      // The process ended while it was read.
    }
  }
  return null;
}

type Level = Awaited<ReturnType<typeof level>>;

const line = (label: string, r: Level, one: Level) =>
  `  ${label}: ${r.perSecond.toFixed(1)} pages/s (x${(r.perSecond / one.perSecond).toFixed(2)}), p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, unrendered ${r.unrendered}`;

/** The host restarted with `processes` server processes. */
async function restartHost(stack: Stack, processes: number) {
  await stack.stopDeployment('host');
  process.env.HOST_PROCESSES = String(processes);
  await stack.startDeployment('host');
  await level(processes * 2, 60);
}

const stack = new Stack();
try {
  await stack.start();
  // Warm-up: every remote's server build loaded, the API's caches filled.
  await level(2, 60);
  const rssBefore = hostRssMb();
  const results: Level[] = [];
  for (const clients of levels) results.push(await level(clients, pagesPerLevel));
  const rssAfter = hostRssMb();
  const memoryReadings: string[] = [];
  for (let asked = 0; asked < memoryPages; ) {
    const count = Math.min(5_000, memoryPages - asked);
    const { unrendered } = await level(10, count);
    asked += count;
    memoryReadings.push(`${hostRssMb() ?? '?'} MB after ${asked} more (${unrendered} unrendered)`);
  }
  const staticOne = await level(1, pagesPerLevel, staticFile);
  const staticFifty = await level(50, pagesPerLevel, staticFile);
  await restartHost(stack, 2);
  const twoProcesses = await level(50, pagesPerLevel);
  const one = results[0] as Level;
  const fifty = results[results.length - 1] as Level;
  console.log(
    `\nServer rendering (${pagesPerLevel} pages a level, ${pages.length} marketplaces' /services):`,
  );
  for (const r of results) console.log(line(`${String(r.clients).padStart(2)} at once`, r, one));
  console.log(line('50 at once, 2 host processes', twoProcesses, one));
  console.log(line(' 1 at once, the static config.json (baseline)', staticOne, staticOne));
  console.log(line('50 at once, the static config.json (baseline)', staticFifty, staticOne));
  const unrendered = [...results, twoProcesses].reduce((sum, r) => sum + r.unrendered, 0);
  console.log(
    [
      `  throughput at 50 / at 1: x${(fifty.perSecond / one.perSecond).toFixed(2)} (goal >= ${goals.throughputAt50})`,
      `  p99 at 50 / p50 at 1: x${(fifty.p99 / one.p50).toFixed(1)} (goal <= ${goals.p99At50OverP50At1})`,
      `  2 host processes / 1, at 50: x${(twoProcesses.perSecond / fifty.perSecond).toFixed(2)} (goal >= ${goals.twoProcesses})`,
      `  pages at 1 / the static file at 1: x${(one.perSecond / staticOne.perSecond).toFixed(3)}`,
      `  unrendered pages: ${unrendered} (goal ${goals.unrendered})`,
      `  host memory: ${rssBefore ?? '?'} MB after warm-up, ${rssAfter ?? '?'} MB after ${levels.length * pagesPerLevel} pages`,
      ...(memoryReadings.length > 0 ? [`  host memory, then 10 at once: ${memoryReadings.join(', ')}`] : []),
    ].join('\n'),
  );
} finally {
  await stack.stop();
}
