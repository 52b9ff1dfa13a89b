// Benchmark: gzip bytes of every script a cold browser fetches to paint /{id}/services, from the
// production build served as separate deployments; and each remote's entry size.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ports } from '../support/ports';
import { repoRoot, Stack } from '../support/stack';

const budget = 250 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function firstPaintScripts(marketplaceId: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const page = await (await browser.newContext()).newPage();
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(response.body().then((body) => ({ url: response.url(), gzip: gzipSync(body).length })));
    });
    await page.goto(`http://localhost:${ports.host}/${marketplaceId}/services`);
    await page.getByRole('heading', { level: 1, name: 'Select a Service' }).waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(scripts);
  } finally {
    await browser.close();
  }
}

function remoteEntrySizes() {
  return ['catalog', 'scheduling', 'checkout', 'account'].map((remote) => {
    const dist = path.join(repoRoot, 'remotes', remote, 'dist');
    const entry = readFileSync(path.join(dist, 'remoteEntry.js'));
    const exposed = readdirSync(path.join(dist, 'static/js/async')).filter((f) =>
      f.startsWith('__federation_expose_'),
    );
    return { remote, entryGzip: gzipSync(entry).length, exposes: exposed.length };
  });
}

const stack = new Stack();
await stack.start();
try {
  console.log('\nFirst paint of /{id}/services (cold cache, production build)');
  for (const id of ['1', '2', '3']) {
    const scripts = await firstPaintScripts(id);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const byOrigin = new Map<string, number>();
    for (const s of scripts) {
      const port = new URL(s.url).port;
      const name = Object.entries(ports).find(([, p]) => String(p) === port)?.[0] ?? port;
      byOrigin.set(name, (byOrigin.get(name) ?? 0) + s.gzip);
    }
    const parts = [...byOrigin].map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ');
    const verdict = total <= budget ? 'within' : 'OVER';
    console.log(
      `  /${id}/services: ${kb(total)} gzip in ${scripts.length} scripts (${parts}) — ${verdict} the 250 KB budget`,
    );
  }
  console.log('\nRemote entries (remoteEntry.js, gzip)');
  for (const { remote, entryGzip, exposes } of remoteEntrySizes()) {
    console.log(`  ${remote.padEnd(11)} ${kb(entryGzip)}  (${exposes} exposed modules)`);
  }
} finally {
  await stack.stop();
}
