import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentState } from '../document-state';
import { htmlTemplate } from './html-document';
import { PAGE_START_PATH } from './page-start';

const dir = mkdtempSync(path.join(tmpdir(), 'atrium-template-'));
const file = path.join(dir, 'index.html');
writeFileSync(
  file,
  '<!DOCTYPE html><html><head><title>Atrium</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function state(dataUpdatedAt: number, name = 'Glow'): DocumentState {
  return {
    config: { remotes: {} },
    rendered: null,
    queries: {
      mutations: [],
      queries: [
        {
          queryKey: ['marketplace', '1', null],
          queryHash: '["marketplace","1",null]',
          dehydratedAt: dataUpdatedAt,
          state: { data: { name }, dataUpdatedAt, status: 'success' } as never,
        },
      ],
    },
  };
}

const parts = {
  title: 'Select a Service | <Glow>',
  head: ['<link rel="icon" href="/f.svg">'],
  body: '<h1>Hi</h1>',
};

describe("the host's HTML template", () => {
  it('takes the page title (escaped), the head elements, the body and the state', () => {
    const { html } = htmlTemplate(file).render({ ...parts, state: state(1) });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Select a Service | &lt;Glow&gt;</title>');
    expect(html).toContain('<link rel="icon" href="/f.svg"></head>');
    expect(html).toContain(
      '<div id="root"><h1>Hi</h1></div><script id="atrium-state" type="application/json">',
    );
  });

  it("puts tenant text containing $&, $', $` or $$ in the page as it is, splicing nothing of the template", () => {
    const { html } = htmlTemplate(file).render({
      title: 'Glow $& Co',
      head: ['<meta name="note" content="$\' and $`">'],
      body: "<p>Glow $&#x27;s $$ deals $` $'</p>",
      state: state(1, 'Glow $& Co $$'),
    });
    expect(html).toContain('<title>Glow $&amp; Co</title>');
    expect(html).toContain('<meta name="note" content="$\' and $`"></head>');
    expect(html).toContain('<div id="root"><p>Glow $&#x27;s $$ deals $` $\'</p></div>');
    expect(html).toContain('"name":"Glow $& Co $$"');
    // The template's parts appear once each: nothing was copied into the tenant's text.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  });

  it('gives the same ETag to the same page whenever its data was fetched, another for other data', () => {
    const template = htmlTemplate(file);
    const first = template.render({ ...parts, state: state(1) });
    expect(template.render({ ...parts, state: state(99) }).etag).toBe(first.etag);
    expect(template.render({ ...parts, state: state(1, 'Glow IV') }).etag).not.toBe(first.etag);
    expect(template.render({ ...parts, body: '<h1>Other</h1>', state: state(1) }).etag).not.toBe(first.etag);
  });

  it("gives an owner's preview page another ETag than the clients' page of the same release", () => {
    const template = htmlTemplate(file);
    const clients = template.render({ ...parts, state: state(1) });
    const preview = {
      marketplaceId: '1',
      remote: 'catalog',
      version: 'c0ffee123456',
      expiresAt: '2026-11-24T11:00:00.000Z',
    };
    // Else the browser's cached preview page would be answered 304 once the release is live.
    expect(template.render({ ...parts, state: { ...state(1), preview } }).etag).not.toBe(clients.etag);
  });

  it("has no inline script: the page-start script loads the host's scripts, after paint when there is content", () => {
    const rendered = htmlTemplate(file).render({
      ...parts,
      state: state(1),
      scriptsAfterPaint: true,
      start: { storage: { key: 'marketplace-id', value: '"1"' }, holdInteractions: true },
    }).html;
    expect(rendered).not.toContain('<script defer');
    expect(rendered).not.toMatch(/<script>/);
    expect(rendered).toContain(
      `<script async src="${PAGE_START_PATH}" data-scripts="[&quot;/static/js/index.js&quot;]" data-storage-key="marketplace-id" data-storage-value="&quot;1&quot;" data-hold="1" data-after-paint="1"></script>`,
    );
    expect(rendered).not.toContain('rel="preload" as="script" href="/static/js/index.js"');

    const shell = htmlTemplate(file).render({ ...parts, body: '', state: state(1) }).html;
    expect(shell).not.toMatch(/<script>/);
    expect(shell).toContain(
      `<script async src="${PAGE_START_PATH}" data-scripts="[&quot;/static/js/index.js&quot;]"></script>`,
    );
    expect(shell).toContain('<link rel="preload" as="script" href="/static/js/index.js">');
  });

  it('refuses a file that is not the host build', () => {
    const other = path.join(dir, 'other.html');
    writeFileSync(other, '<html><body></body></html>');
    expect(() => htmlTemplate(other).render({ ...parts, state: state(1) })).toThrow('not the host');
  });
});
