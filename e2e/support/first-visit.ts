// Measures a cold first visit in Chromium: how many sequential round trips the page needed before
// its useful content painted, how much JavaScript crossed the wire by then, and how far the layout
// shifted. Shared by the e2e checks (tests/first-visit.spec.ts) and `pnpm bench`.
import type { Browser, CDPSession } from '@playwright/test';

/** What counts as "the page is useful" on each measured route, as a DOM check run in the page. */
export const usefulPaint = {
  // A service row (its name is a button labelled "<name>, details"), or the no-results card.
  services: `document.querySelector('[aria-label$=", details"]') !== null || document.body.innerText.includes('No Results')`,
  // The location choice: a clinic button, the address box or the no-locations card.
  'set-location': `document.querySelector('main input, main li button, main [role="radiogroup"]') !== null || document.body.innerText.includes('No locations found')`,
  // The week's days, and either times or the no-availability message.
  schedule: `document.querySelector('main [aria-pressed]') !== null && (document.body.innerText.includes('No availability on this date') || document.querySelectorAll('main [aria-pressed]').length > 7)`,
} as const;

export type MeasuredRoute = keyof typeof usefulPaint;

interface RequestRecord {
  url: string;
  type: string;
  start: number;
  end?: number;
  bytes: number;
  cached: boolean;
}

export interface FirstVisit {
  /** Longest chain of requests each of which started only after the previous one had finished. */
  roundTrips: number;
  /** One chain of that length, for the report. */
  chain: string[];
  /** Compressed bytes of JavaScript received before the useful paint (response bodies and headers). */
  scriptBytes: number;
  scripts: number;
  /** Sum of layout shifts without recent input, as CLS counts them, up to the end of the visit. */
  layoutShift: number;
  /** Milliseconds from navigation start to the useful paint, under the emulated latency. */
  usefulPaintMs: number;
}

// Requests whose answer the page needs to render (images and media are left out: they paint in
// their reserved boxes when they come).
const counted = new Set(['Document', 'Script', 'Fetch', 'XHR', 'Stylesheet', 'Font', 'Other']);

const observerScript = (isPainted: string) => `(() => {
  window.__firstVisit = { shift: 0, painted: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__firstVisit.shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    if (window.__firstVisit.painted === null && document.body && (${isPainted})) {
      // The frame after the DOM holds the content is when it is on screen.
      requestAnimationFrame(() => { window.__firstVisit.painted = performance.timeOrigin + performance.now(); });
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * Opens `url` in a fresh context (empty cache and storage) with `latencyMs` added to every request,
 * waits until the route's useful content has painted, and reports the request chain before it.
 */
export async function measureFirstVisit(
  browser: Browser,
  url: string,
  route: MeasuredRoute,
  { latencyMs = 150, viewport = { width: 390, height: 844 }, storage = {} as Record<string, string> } = {},
): Promise<FirstVisit> {
  const context = await browser.newContext({ viewport });
  try {
    if (Object.keys(storage).length > 0) {
      // A returning client: their booking in local storage, and its copy in the page-state cookie.
      await context.addCookies([pageStateCookie(url, storage)]);
      await context.addInitScript((items: Record<string, string>) => {
        if (sessionStorage.getItem('__seeded')) return;
        sessionStorage.setItem('__seeded', '1');
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storage);
    }
    await context.addInitScript(observerScript(usefulPaint[route]));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = await recordRequests(cdp, latencyMs);
    await page.goto(url);
    const paintedAt = await page
      .waitForFunction(
        () => (window as unknown as { __firstVisit: { painted: number | null } }).__firstVisit.painted,
        null,
        {
          timeout: 60_000,
        },
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    // Give late shifts (a footer pushed down, images without boxes) a moment to happen.
    await page.waitForLoadState('networkidle');
    const layoutShift = await page.evaluate(
      () => (window as unknown as { __firstVisit: { shift: number } }).__firstVisit.shift,
    );
    return summarise([...requests.values()], paintedAt, layoutShift);
  } finally {
    await context.close();
  }
}

/** The cookie in which the app copies a client's booking values (see @atrium/stores). */
export function pageStateCookie(url: string, storage: Record<string, string>) {
  return {
    name: 'atrium-page',
    value: encodeURIComponent(JSON.stringify(storage)),
    url: new URL(url).origin,
  };
}

async function recordRequests(cdp: CDPSession, latencyMs: number) {
  const requests = new Map<string, RequestRecord>();
  // CDP's request timestamps are monotonic seconds; the page's paint time is wall-clock ms. The
  // first request's pair of both maps one onto the other.
  let wallOffset: number | undefined;
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  cdp.on('Network.requestWillBeSent', (event) => {
    wallOffset ??= event.wallTime * 1000 - event.timestamp * 1000;
    if (event.request.url.startsWith('data:')) return;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp * 1000 + (wallOffset ?? 0),
      bytes: 0,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.end = event.timestamp * 1000 + (wallOffset ?? 0);
    request.bytes = event.encodedDataLength;
  });
  return requests;
}

function summarise(all: RequestRecord[], paintedAt: number, layoutShift: number): FirstVisit {
  const needed = all
    .filter((r) => counted.has(r.type) && r.end !== undefined && r.end <= paintedAt && !r.cached)
    .sort((a, b) => a.start - b.start);
  // depth(r) = 1 + the deepest request that had finished before r was sent. An upper bound on the
  // real dependency depth: an unrelated request that happened to finish earlier also counts.
  const depth = new Map<RequestRecord, { depth: number; previous?: RequestRecord }>();
  for (const request of needed) {
    let best: { depth: number; previous?: RequestRecord } = { depth: 1 };
    for (const before of needed) {
      const known = depth.get(before);
      if (known && (before.end ?? Infinity) <= request.start && known.depth + 1 > best.depth) {
        best = { depth: known.depth + 1, previous: before };
      }
    }
    depth.set(request, best);
  }
  let deepest: RequestRecord | undefined;
  for (const request of needed) {
    if (!deepest || (depth.get(request)?.depth ?? 0) > (depth.get(deepest)?.depth ?? 0)) deepest = request;
  }
  const chain: string[] = [];
  for (let at = deepest; at; at = depth.get(at)?.previous) chain.unshift(shortUrl(at.url));
  const scripts = needed.filter((r) => r.type === 'Script');
  const navigationStart = needed[0]?.start ?? paintedAt;
  return {
    roundTrips: deepest ? (depth.get(deepest)?.depth ?? 0) : 0,
    chain,
    scriptBytes: scripts.reduce((sum, r) => sum + r.bytes, 0),
    scripts: scripts.length,
    layoutShift,
    usefulPaintMs: Math.round(paintedAt - navigationStart),
  };
}

function shortUrl(url: string): string {
  const parsed = new URL(url);
  const file = parsed.pathname.split('/').pop() || parsed.pathname;
  return `${parsed.port ? `:${parsed.port}` : ''}/${file}${parsed.pathname === '/graphql' ? parsed.search.slice(0, 40) : ''}`;
}
