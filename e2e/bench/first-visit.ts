// Benchmark of a client's first visit, on the production build served as separate deployments:
//   - Lighthouse (mobile and desktop presets, simulated throttling) on /services, /set-location and
//     /schedule of the three demo marketplaces: median performance score, LCP, TBT, CLS and FCP;
//   - in Chromium with 150 ms added to every request: the sequential round trips before the page's
//     useful content painted, the compressed JavaScript received by then, and the layout shift;
//   - each remote's entry size.
// BENCH_LIGHTHOUSE_RUNS (default 3) sets the runs per page and preset; 0 skips Lighthouse.
// BENCH_PAGES=1/services,3/schedule limits the pages.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromiumExecutable, chromiumFlags } from '../support/chromium';
import { type MeasuredRoute, measureFirstVisit, pageStateCookie } from '../support/first-visit';
import { demoMarketplaces } from '../support/marketplaces';
import { ports } from '../support/ports';
import { repoRoot, Stack } from '../support/stack';

const goals = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, roundTrips: 3, scriptKb: 180 };
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const host = `http://localhost:${ports.host}`;

interface BenchPage {
  marketplaceId: string;
  route: MeasuredRoute;
  /** localStorage the visit starts with: /schedule needs a chosen location and a cart. */
  storage: Record<string, string>;
}

const allPages: BenchPage[] = demoMarketplaces.flatMap((marketplace) =>
  (['services', 'set-location', 'schedule'] as const).map(
    (route): BenchPage => ({
      marketplaceId: marketplace.id,
      route,
      storage:
        route === 'schedule'
          ? {
              'marketplace-id': JSON.stringify(marketplace.id),
              'selected-location': JSON.stringify(marketplace.clinic),
              'selected-procedures': JSON.stringify([{ id: marketplace.procedureId, addOnIds: [] }]),
            }
          : {},
    }),
  ),
);
const only = process.env.BENCH_PAGES?.split(',');
const pages = only ? allPages.filter((p) => only.includes(`${p.marketplaceId}/${p.route}`)) : allPages;
const pageUrl = (p: BenchPage) => `${host}/${p.marketplaceId}/${p.route}`;

interface LighthouseFigures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

/** One Lighthouse run in a fresh browser profile; storage is seeded first when the page needs it. */
async function lighthouseRun(page: BenchPage, preset: 'mobile' | 'desktop'): Promise<LighthouseFigures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'atrium-lh-'));
  const debuggingPort = 9300 + Math.floor(Math.random() * 600);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable,
    args: [...chromiumFlags, `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const seeded = Object.keys(page.storage).length > 0;
    if (seeded) {
      // A returning client: their booking in local storage and in the page-state cookie.
      await context.addCookies([pageStateCookie(host, page.storage)]);
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.goto(`${host}/healthz`);
      await tab.evaluate((items) => {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, page.storage);
    }
    const flags: Flags = {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Lighthouse clears the HTTP cache before loading; local storage and cookies are kept (the
      // profile is new, so they hold only what was seeded).
    };
    const result = await lighthouse(pageUrl(page), flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${pageUrl(page)}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      fcp: audit('first-contentful-paint'),
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const mark = (ok: boolean) => (ok ? ' ' : '✗');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function lighthouseTable() {
  for (const preset of ['mobile', 'desktop'] as const) {
    console.log(
      `\nLighthouse ${preset} preset, median of ${runs} (goal: score >= ${goals.score}, LCP <= ${seconds(goals.lcpMs)}, TBT <= ${goals.tbtMs} ms, CLS <= ${goals.cls})`,
    );
    console.log('  page               score     LCP      TBT     CLS     FCP');
    for (const page of pages) {
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i++) results.push(await lighthouseRun(page, preset));
      const m = (key: keyof LighthouseFigures) => median(results.map((r) => r[key]));
      const [score, lcp, tbt, cls, fcp] = [m('score'), m('lcp'), m('tbt'), m('cls'), m('fcp')];
      console.log(
        `  /${page.marketplaceId}/${page.route.padEnd(14)} ${String(score).padStart(3)}${mark(score >= goals.score)}  ${seconds(lcp).padStart(6)}${mark(lcp <= goals.lcpMs)} ${String(Math.round(tbt)).padStart(5)} ms${mark(tbt <= goals.tbtMs)} ${cls.toFixed(3)}${mark(cls <= goals.cls)} ${seconds(fcp).padStart(6)}`,
      );
    }
  }
}

async function firstVisitTable(browser: Browser) {
  console.log(
    `\nFirst visit in Chromium, 150 ms per request, cold cache (goal: <= ${goals.roundTrips} round trips, <= ${goals.scriptKb} KB of JavaScript)`,
  );
  console.log('  page               trips  JS (transferred)  shift   painted  chain');
  for (const page of pages) {
    const visit = await measureFirstVisit(browser, pageUrl(page), page.route, { storage: page.storage });
    const kb = visit.scriptBytes / 1024;
    console.log(
      `  /${page.marketplaceId}/${page.route.padEnd(14)} ${String(visit.roundTrips).padStart(4)}${mark(visit.roundTrips <= goals.roundTrips)}  ${kb.toFixed(1).padStart(7)} KB in ${String(visit.scripts).padStart(2)}${mark(kb <= goals.scriptKb)} ${visit.layoutShift.toFixed(3)}  ${seconds(visit.usefulPaintMs).padStart(6)}  ${visit.chain.join(' -> ')}`,
    );
  }
}

function remoteEntrySizes() {
  console.log('\nRemote entries (remoteEntry.js, gzip)');
  for (const remote of ['catalog', 'scheduling', 'checkout', 'account']) {
    const entry = readFileSync(path.join(repoRoot, 'remotes', remote, 'dist', 'remoteEntry.js'));
    console.log(`  ${remote.padEnd(11)} ${(gzipSync(entry).length / 1024).toFixed(1)} KB`);
  }
}

const stack = new Stack();
await stack.start();
try {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumFlags });
  try {
    await firstVisitTable(browser);
  } finally {
    await browser.close();
  }
  if (runs > 0) await lighthouseTable();
  remoteEntrySizes();
} finally {
  await stack.stop();
}
