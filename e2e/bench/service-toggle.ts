// Benchmark of tapping a service's add/remove toggle on /{id}/services, as a client on a phone feels
// it: the production build served as separate deployments, Chromium with a phone's screen and its
// CPU throttled 4x, the page rendered on the server and hydrated (as a first visit is), then the
// toggles of the services without add-ons in 'Vitamin Injections' tapped in turn, many times.
//   1. Event Timing (the browser's own figure for INP): per tap, the click's duration from the tap to
//      the next paint (durationThreshold 16 ms, so shorter taps report nothing and count as "< 16"),
//      its handler time, and the time to the frame after it (rAF, then a message), measured in the page.
//   2. A trace of the same taps (CDP Tracing with V8's sampling profiler): the main thread's busy time
//      from the click's task to the commit of the next frame, and what it went to: JavaScript by
//      script (the shared chunks are named after the packages they provide), the browser's style
//      and layout, its paint and commit, and the rest.
// Figures are printed, never asserted. BENCH_TOGGLES (default 36) sets the taps per pass,
// BENCH_CPU_SLOWDOWN (default 4) the throttling, BENCH_ROUNDS (default 1) the visits per build, and
// BENCH_BUILDS (see below) compares builds of the catalog or the host.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type CDPSession, chromium, devices, type Page } from '@playwright/test';
import { chromiumExecutable, chromiumFlags } from '../support/chromium';

// Ports of our own (before the stack and its ports are imported), apart from a stack another run
// or engineer may have up on the default ones.
process.env.E2E_PORT_OFFSET ??= '300';
const { ports, hostUrl } = await import('../support/ports');
const { deploy, repoRoot, Stack } = await import('../support/stack');
const { chooseClinic, glow } = await import('../support/booking');

const toggles = Number(process.env.BENCH_TOGGLES ?? 36);
const slowdown = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
const marketplaceId = glow.id;
const clinicName = glow.manhattan.name;
const categoryName = 'Vitamin Injections';
// Between taps the page goes idle (no Playwright work in it), so a trace holds nothing else.
const pauseMs = 350;

interface TapInPage {
  label: string;
  timeStamp: number;
  /** From the click's timestamp to the first task after the next frame (rAF, then a message). */
  nextFrame?: number;
  /** Event Timing's entry for the click, when it lasted 16 ms or more. */
  duration?: number;
  processing?: number;
  inputDelay?: number;
}

// Installed before the page's own scripts: hydration, and a record of every tap on a button.
const pageProbe = `(() => {
  window.__bench = { started: false, hydrated: false, taps: [] };
  // The server's heading still in the document once the app runs: the page was hydrated, not redone.
  let served = null;
  document.addEventListener('DOMContentLoaded', () => { served = document.querySelector('h1'); });
  document.addEventListener('atrium:started', () => {
    window.__bench.started = true;
    window.__bench.hydrated = served !== null && served.isConnected;
  });
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    const tap = { label: button.getAttribute('aria-label') || '', timeStamp: event.timeStamp };
    window.__bench.taps.push(tap);
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { tap.nextFrame = performance.now() - tap.timeStamp; };
      channel.port2.postMessage(null);
    });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'click') continue;
      const tap = window.__bench.taps.find((t) => Math.abs(t.timeStamp - entry.startTime) < 0.5);
      if (!tap) continue;
      tap.duration = entry.duration;
      tap.processing = entry.processingEnd - entry.processingStart;
      tap.inputDelay = entry.processingStart - entry.startTime;
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

interface Toggle {
  name: string;
  x: number;
  y: number;
}

/** Opens the category (if it is not open) and brings its list to the middle of the screen. */
async function showCategory(page: Page) {
  const trigger = page.getByRole('button', { name: new RegExp(`^${categoryName}`) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  const list = page.getByRole('list', { name: categoryName });
  await list
    .getByRole('button', { name: /^(Add|Remove) / })
    .first()
    .waitFor();
  await list.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Let the header's hide-on-scroll settle before reading positions.
  await page.waitForTimeout(1000);
  return list;
}

/**
 * The category's services without add-ons (a tap on the others opens the service dialog), found by
 * tapping each toggle once and again; the cart is left empty.
 */
async function simpleServices(page: Page): Promise<string[]> {
  const list = await showCategory(page);
  const names: string[] = [];
  for (const button of await list.getByRole('button', { name: /^(Add|Remove) / }).all()) {
    const label = (await button.getAttribute('aria-label')) ?? '';
    if (label.startsWith('Remove ')) await button.click();
    names.push(label.replace(/^(Add|Remove) /, ''));
  }
  const simple: string[] = [];
  for (const name of names) {
    await page.getByRole('button', { name: `Add ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await page
      .getByRole('button', { name: `Remove ${name}` })
      .or(dialog)
      .first()
      .waitFor();
    if (await dialog.isVisible()) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      continue;
    }
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await page.getByRole('button', { name: `Add ${name}` }).waitFor();
    simple.push(name);
  }
  if (simple.length === 0) throw new Error(`No service without add-ons in ${categoryName}`);
  return simple;
}

/** Where to tap each service's toggle, with the category shown. */
async function toggleAt(page: Page, names: string[]): Promise<Toggle[]> {
  await showCategory(page);
  const found: Toggle[] = [];
  for (const name of names) {
    const box = await page.getByRole('button', { name: `Add ${name}` }).boundingBox();
    if (!box) throw new Error(`Add ${name} is not on screen`);
    found.push({ name, x: box.x + box.width / 2, y: box.y + box.height / 2 });
  }
  return found;
}

/** Taps `count` toggles in turn (add each, then remove each, ...), pausing between taps. */
async function tapToggles(page: Page, all: Toggle[], count: number): Promise<string[]> {
  const expected: string[] = [];
  const inCart = new Set<string>();
  await page.evaluate(() => {
    (window as unknown as { __bench: { taps: unknown[] } }).__bench.taps = [];
  });
  for (let i = 0; i < count; i++) {
    const toggle = all[i % all.length] as Toggle;
    expected.push(`${inCart.has(toggle.name) ? 'Remove' : 'Add'} ${toggle.name}`);
    if (inCart.has(toggle.name)) inCart.delete(toggle.name);
    else inCart.add(toggle.name);
    await page.touchscreen.tap(toggle.x, toggle.y);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  // Back to an empty cart, so that the next pass starts as this one did.
  for (const toggle of all.filter((t) => inCart.has(t.name))) {
    await page.touchscreen.tap(toggle.x, toggle.y);
    await page.getByRole('button', { name: `Add ${toggle.name}` }).waitFor();
  }
  return expected;
}

async function readTaps(page: Page, expected: string[]): Promise<TapInPage[]> {
  const taps = await page.evaluate(
    () => (window as unknown as { __bench: { taps: TapInPage[] } }).__bench.taps,
  );
  const measured = taps.slice(0, expected.length);
  const labels = measured.map((t) => t.label);
  if (labels.join('|') !== expected.join('|')) {
    throw new Error(
      `The taps did not toggle as expected:\n  ${labels.join(', ')}\n  vs ${expected.join(', ')}`,
    );
  }
  return measured;
}

// ---- the trace --------------------------------------------------------------------------------

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread time: what the thread ran, without the time it waited for a CPU. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

async function traced(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'disabled-by-default-v8.cpu_profiler.hires',
      ],
      excludedCategories: ['*'],
    },
  });
  await work();
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string };
}

/** V8's samples in a trace (ProfileChunk events), as [timestamp, node] on the trace's clock. */
function samplesOf(events: TraceEvent[], pid: number, tid: number) {
  const profiles = new Map<string, { start: number; at: number; samples: [number, number][] }>();
  const nodes = new Map<number, ProfileNode>();
  for (const event of events) {
    if (event.pid !== pid || event.id === undefined) continue;
    const data = event.args?.data as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (event.name === 'Profile' && event.tid === tid) {
      const start = data?.startTime ?? event.ts;
      profiles.set(event.id, { start, at: start, samples: [] });
    } else if (event.name === 'ProfileChunk') {
      const profile = profiles.get(event.id);
      if (!profile) continue;
      for (const node of data?.cpuProfile?.nodes ?? []) {
        // Chunks leave out empty fields.
        node.callFrame.url ??= '';
        node.callFrame.functionName ??= '';
        nodes.set(node.id, node);
      }
      const samples = data?.cpuProfile?.samples ?? [];
      const deltas = data?.timeDeltas ?? [];
      samples.forEach((node, i) => {
        profile.at += deltas[i] ?? 0;
        profile.samples.push([profile.at, node]);
      });
    }
  }
  const samples = [...profiles.values()].flatMap((p) => p.samples).sort((a, b) => a[0] - b[0]);
  return { samples, nodes };
}

interface Window {
  start: number;
  end: number;
  /** Microseconds the main thread was running tasks. */
  busy: number;
  /** Of which it had a CPU (thread time; the rest it waited, for the throttling or a busy machine). */
  cpu: number;
  /** Of which in scripts (event handlers, microtasks, timers, animation frames). */
  script: number;
  /** The frame's style recalculation and layout, and its paint and commit (outside scripts). */
  styleLayout: number;
  paintCommit: number;
}

const styleLayoutEvents = new Set(['UpdateLayoutTree', 'Layout', 'RecalculateStyles']);
const paintCommitEvents = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit', 'UpdateLayer', 'PaintImage']);
const scriptEvents = new Set([
  'EventDispatch',
  'FunctionCall',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'v8.run',
  'v8.callFunction',
]);
const end = (e: TraceEvent) => e.ts + (e.dur ?? 0);

/** The events of `list` not inside another of them (list sorted by start). */
function outermost(list: TraceEvent[]): TraceEvent[] {
  const result: TraceEvent[] = [];
  for (const event of list) {
    const last = result.at(-1);
    if (last && event.ts < end(last)) continue;
    result.push(event);
  }
  return result;
}

/**
 * Per click: from the start of the task that dispatched it to the end of the task holding the next
 * frame's commit, on the page's main thread: the time it was busy, and on what.
 */
function clickWindows(events: TraceEvent[]) {
  const clicks = events.filter(
    (e) =>
      e.name === 'EventDispatch' && e.ph === 'X' && (e.args?.data as { type?: string })?.type === 'click',
  );
  const first = clicks[0];
  if (!first) throw new Error('No click in the trace');
  const { pid, tid } = first;
  const onMain = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = outermost(
    onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  );
  const windows: Window[] = [];
  for (const click of clicks) {
    const task = tasks.find((t) => t.ts <= click.ts && end(t) >= end(click));
    const commit = onMain.find((e) => e.ts >= end(click) && e.name === 'Commit');
    const frameTask = commit && tasks.find((t) => t.ts <= commit.ts && end(t) >= end(commit));
    if (!task || !frameTask) continue;
    const within = onMain.filter((e) => e.ts >= task.ts && end(e) <= end(frameTask));
    const scripts = outermost(within.filter((e) => scriptEvents.has(e.name)));
    const insideScript = (e: TraceEvent) => scripts.some((s) => s.ts <= e.ts && end(s) >= end(e));
    const total = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.dur ?? 0), 0);
    // The frame's own rendering; style or layout a script forces counts with that script.
    const rendering = (names: Set<string>) =>
      total(outermost(within.filter((e) => names.has(e.name) && !insideScript(e))));
    windows.push({
      start: task.ts,
      end: end(frameTask),
      busy: total(tasks.filter((t) => t.ts >= task.ts && end(t) <= end(frameTask))),
      cpu: tasks
        .filter((t) => t.ts >= task.ts && end(t) <= end(frameTask))
        .reduce((sum, t) => sum + (t.tdur ?? 0), 0),
      script: total(scripts),
      styleLayout: rendering(styleLayoutEvents),
      paintCommit: rendering(paintCommitEvents),
    });
  }
  return { windows, pid, tid };
}

const groups = {
  ui: 'Chakra/Emotion (@atrium/ui)',
  react: 'React (react, react-dom)',
  stores: 'stores (nanostores, @atrium/stores)',
  router: 'router (@atrium/navigation)',
  query: 'TanStack Query, @atrium/graphql-client',
};

/**
 * What each script is. A chunk a remote's or the host's manifest lists for a shared package holds
 * that package; the chunks such a package pulls in have no name in a production build, so they are
 * known by what their code holds (Chakra's class names, Emotion's style tags, Zag's data attributes,
 * React's error links, local storage for the persisted stores). The rest is the app's own code. A
 * chunk holding several of these (a build that bundles shared packages together) is named after all
 * of them: its time is not split further.
 */
async function scriptGroups(urls: Iterable<string>): Promise<Map<string, string>> {
  const apps = [
    ['host', ports.host],
    ['catalog', ports.catalog],
    ['spotlight catalog', ports.spotlight],
  ] as const;
  const named = new Map<string, Set<string>>();
  const groupOfPackage = (pkg: string) =>
    pkg.startsWith('@atrium/ui')
      ? groups.ui
      : pkg.startsWith('react')
        ? groups.react
        : ['nanostores', '@nanostores/react', '@atrium/stores'].includes(pkg)
          ? groups.stores
          : pkg === '@atrium/navigation'
            ? groups.router
            : groups.query;
  for (const [, port] of apps) {
    const manifest = (await (await fetch(`http://localhost:${port}/mf-manifest.json`)).json()) as {
      shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
    };
    for (const shared of manifest.shared) {
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) {
        const url = `http://localhost:${port}/${file}`;
        named.set(url, (named.get(url) ?? new Set()).add(groupOfPackage(shared.name)));
      }
    }
  }
  const result = new Map<string, string>();
  for (const url of urls) {
    const app = apps.find(([, port]) => url.startsWith(`http://localhost:${port}/`))?.[0];
    if (!app) {
      result.set(url, `other script (${url.slice(0, 50)})`);
      continue;
    }
    const found = new Set(named.get(url));
    const code = await (await fetch(url)).text();
    if (/--chakra|chakra-|data-emotion|data-scope/.test(code)) found.add(groups.ui);
    if (/react\.dev\/errors/.test(code)) found.add(groups.react);
    if (/\/lib-router\./.test(url)) found.add(groups.router);
    const entry = /\/static\/js\/index\.[^/]*\.js$/.test(url) || url.endsWith('/remoteEntry.js');
    if (found.size === 0 && !entry && /localStorage/.test(code)) found.add(groups.stores);
    result.set(url, found.size === 0 ? `${app} code` : [...found].sort().join(' + '));
  }
  return result;
}

interface Breakdown {
  windows: Window[];
  /** Sampled milliseconds of JavaScript per group of scripts, over all windows. */
  sampled: Map<string, number>;
  /** The same per script, for the report. */
  byScript: Map<string, number>;
  groupOf: Map<string, string>;
}

async function breakdown(events: TraceEvent[]): Promise<Breakdown> {
  const { windows, pid, tid } = clickWindows(events);
  const { samples, nodes } = samplesOf(events, pid, tid);
  // A sample counts for the script it is in; built-ins and calls into the browser (localStorage,
  // cookies, insertRule, DOM changes) for the script that called them.
  const scriptOf = (id: number): string | null => {
    const node = nodes.get(id);
    if (!node) return null;
    if (node.callFrame.functionName === '(garbage collector)') return 'garbage collection';
    if (node.callFrame.functionName.startsWith('(')) return null; // (idle), (program), (root)
    if (node.callFrame.url) return node.callFrame.url;
    return (node.parent !== undefined && scriptOf(node.parent)) || 'V8 (no script)';
  };
  const byScript = new Map<string, number>();
  let w = 0;
  for (let i = 0; i < samples.length - 1; i++) {
    const [at, node] = samples[i] as [number, number];
    const next = (samples[i + 1] as [number, number])[0];
    while (w < windows.length && (windows[w] as Window).end < at) w++;
    const window = windows[w];
    if (!window || at < window.start) continue;
    const script = scriptOf(node);
    if (script === null) continue;
    byScript.set(script, (byScript.get(script) ?? 0) + Math.min(next - at, 2000) / 1000);
  }
  const groupOf = await scriptGroups([...byScript.keys()].filter((key) => key.startsWith('http')));
  const sampled = new Map<string, number>();
  for (const [script, value] of byScript) {
    const group = groupOf.get(script) ?? script;
    sampled.set(group, (sampled.get(group) ?? 0) + value);
  }
  return { windows, sampled, byScript, groupOf };
}

// ---- the report -------------------------------------------------------------------------------

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const medianP90 = (values: number[]) =>
  `median ${ms(quantile(values, 0.5))}   p90 ${ms(quantile(values, 0.9))}`;

function reportTaps(taps: TapInPage[]) {
  const withEntry = taps.filter((t) => t.duration !== undefined);
  // Taps shorter than the threshold have no entry: they rank below every measured one.
  const durations = taps.map((t) => t.duration ?? 0);
  const show = (value: number) => (value === 0 ? '  < 16 ms' : ms(value));
  console.log(
    `  click to next paint (Event Timing duration): median ${show(quantile(durations, 0.5))}   p90 ${show(quantile(durations, 0.9))}   (${withEntry.length}/${taps.length} taps at 16 ms or more)`,
  );
  if (withEntry.length > 0) {
    console.log(
      `  of which the click's handlers:              ${medianP90(withEntry.map((t) => t.processing ?? 0))}`,
    );
  }
  const frames = taps.flatMap((t) => (t.nextFrame === undefined ? [] : [t.nextFrame]));
  console.log(`  click to the task after the next frame:     ${medianP90(frames)}`);
  const first = taps[0];
  if (first) {
    console.log(
      `  first tap (${first.label}): ${first.duration === undefined ? '< 16 ms' : `${first.duration} ms`} Event Timing, ${first.nextFrame?.toFixed(1)} ms to the frame after`,
    );
  }
}

function reportBreakdown({ windows, sampled, byScript, groupOf }: Breakdown) {
  const busy = windows.map((w) => w.busy / 1000);
  console.log(`  main-thread busy from the click's task to the next frame's commit: ${medianP90(busy)}`);
  console.log(
    `  of which on a CPU (thread time):                                  ${medianP90(windows.map((w) => w.cpu / 1000))}`,
  );
  const mean = (pick: (w: Window) => number) =>
    windows.reduce((sum, w) => sum + pick(w), 0) / windows.length / 1000;
  const total = mean((w) => w.busy);
  const script = mean((w) => w.script);
  const share = (value: number) => `${((100 * value) / total).toFixed(0).padStart(3)}%`;
  const line = (name: string, value: number) =>
    console.log(`    ${name.padEnd(46)} ${ms(value)} ${share(value)}`);
  // The samples say how the scripts' time divides (CPU throttling shows as time outside any script).
  const sampledTotal = [...sampled.values()].reduce((sum, v) => sum + v, 0);
  console.log(`  mean per tap (${windows.length} taps), by where the time went:`);
  line('scripts', script);
  for (const [name, value] of [...sampled.entries()].sort((a, b) => b[1] - a[1])) {
    if (value / sampledTotal >= 0.005) line(`  ${name}`, (script * value) / sampledTotal);
  }
  line(
    'browser: style recalculation and layout',
    mean((w) => w.styleLayout),
  );
  line(
    'browser: paint, layerize and commit',
    mean((w) => w.paintCommit),
  );
  line(
    'browser: other (input, hit testing, tasks)',
    total - script - mean((w) => w.styleLayout) - mean((w) => w.paintCommit),
  );
  console.log('  the scripts that ran most (share of sampled script time):');
  for (const [url, value] of [...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(
      `    ${((100 * value) / sampledTotal).toFixed(0).padStart(3)}%  ${url.replace(/^http:\/\/localhost/, '')}  (${groupOf.get(url) ?? url})`,
    );
  }
}

interface Measured {
  hydrated: boolean;
  toggles: string[];
  taps: TapInPage[];
  traced: Breakdown;
}

/** A fresh visit: a clinic chosen, /services loaded and hydrated on a slowed CPU, then both passes. */
async function measure(browser: Browser, label: string): Promise<Measured> {
  const context = await browser.newContext({ ...devices['Pixel 7'], baseURL: hostUrl });
  try {
    await context.addInitScript(pageProbe);
    const page = await context.newPage();
    // A clinic is chosen first, so the services are listed (and the page renders on the server).
    await chooseClinic(page, marketplaceId, clinicName);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const load = async () => {
      await page.goto(`/${marketplaceId}/services`);
      await page.waitForFunction(
        () => (window as unknown as { __bench: { started: boolean } }).__bench.started,
      );
      await page.waitForLoadState('networkidle');
      return page.evaluate(() => (window as unknown as { __bench: { hydrated: boolean } }).__bench.hydrated);
    };
    await load();
    const names = await simpleServices(page);
    // Then a visit as a client makes it: the page loaded, the category opened, the toggles tapped.
    const hydrated = await load();
    const all = await toggleAt(page, names);
    // Pass 1: as the client feels it, nothing else running.
    const expected = await tapToggles(page, all, toggles);
    const taps = await readTaps(page, expected);
    // Pass 2: the same taps traced, for where the main thread's time goes.
    let tracedExpected: string[] = [];
    const events = await traced(cdp, async () => {
      tracedExpected = await tapToggles(page, all, toggles);
    });
    await readTaps(page, tracedExpected);
    if (traceDir) {
      mkdirSync(traceDir, { recursive: true });
      const file = path.join(traceDir, `service-toggle-${label}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      console.log(`  trace of ${label} written to ${file}`);
    }
    return { hydrated, toggles: all.map((t) => t.name), taps, traced: await breakdown(events) };
  } finally {
    await context.close();
  }
}

function merge(a: Breakdown, b: Breakdown): Breakdown {
  const add = (x: Map<string, number>, y: Map<string, number>) => {
    const sum = new Map(x);
    for (const [key, value] of y) sum.set(key, (sum.get(key) ?? 0) + value);
    return sum;
  };
  return {
    windows: [...a.windows, ...b.windows],
    sampled: add(a.sampled, b.sampled),
    byScript: add(a.byScript, b.byScript),
    groupOf: new Map([...a.groupOf, ...b.groupOf]),
  };
}

// BENCH_BUILDS compares builds in one run, e.g. before=/tmp/catalog-dist,after=remotes/catalog/dist:
// label=folder, where the folder is a build of the catalog (remoteEntry.js) or of the host
// (server/server.js); a label may be given twice, for both. What a label leaves out is the tree's
// build. The deployments are replaced between visits, turn about, so all see the same machine.
interface Candidate {
  label: string;
  catalog: string;
  host: string;
}
const candidates: Candidate[] = [];
for (const item of (process.env.BENCH_BUILDS ?? '').split(',').filter(Boolean)) {
  const [label = item, folder = item] = item.includes('=') ? item.split('=', 2) : [];
  const dir = path.resolve(repoRoot, folder);
  let candidate = candidates.find((c) => c.label === label);
  if (!candidate) {
    candidate = {
      label,
      catalog: path.join(repoRoot, 'remotes/catalog/dist'),
      host: path.join(repoRoot, 'host/dist'),
    };
    candidates.push(candidate);
  }
  if (existsSync(path.join(dir, 'server/server.js'))) candidate.host = dir;
  else if (existsSync(path.join(dir, 'remoteEntry.js'))) candidate.catalog = dir;
  else throw new Error(`${dir} is neither a build of the host nor of the catalog`);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
// BENCH_TRACE_DIR keeps each traced pass as a trace file (Chrome DevTools' Performance panel opens it).
const traceDir = process.env.BENCH_TRACE_DIR ? path.resolve(process.env.BENCH_TRACE_DIR) : null;

const stack = new Stack();
await stack.start();
try {
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumFlags });
  try {
    const results = new Map<string, Measured>();
    if (candidates.length === 0) candidates.push({ label: 'the current build', catalog: '', host: '' });
    let hostDeployed = path.join(repoRoot, 'host/dist');
    for (let round = 0; round < rounds; round++) {
      for (const build of candidates) {
        if (build.catalog) deploy('catalog', build.catalog);
        if (build.host && build.host !== hostDeployed) {
          await stack.stopDeployment('host');
          deploy('host', build.host);
          await stack.startDeployment('host');
          hostDeployed = build.host;
        }
        const measured = await measure(browser, build.label.replace(/\W+/g, '-'));
        const before = results.get(build.label);
        results.set(
          build.label,
          before
            ? {
                ...measured,
                taps: [...before.taps, ...measured.taps],
                traced: merge(before.traced, measured.traced),
              }
            : measured,
        );
      }
    }
    for (const [label, measured] of results) {
      console.log(
        `\nService toggle on /${marketplaceId}/services, ${label} (${clinicName}: ${measured.toggles.join(', ')}), Pixel 7 screen, CPU ${slowdown}x slower, ${rounds * toggles} taps, ${measured.hydrated ? 'rendered on the server and hydrated' : 'NOT hydrated (rendered in the browser)'}`,
      );
      reportTaps(measured.taps);
      console.log('  traced (the tracing itself slows the page a little):');
      reportBreakdown(measured.traced);
    }
  } finally {
    await browser.close();
  }
} finally {
  await stack.stop();
}
