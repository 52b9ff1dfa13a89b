import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { DOCUMENT_STATE_ID, type DocumentState, serializeDocumentState } from '../document-state';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DocumentParts {
  title: string;
  /** Extra elements for the head (preloads, icon), already HTML. */
  head: string[];
  /** The page's HTML inside the root element ('' when the browser renders it). */
  body: string;
  state: DocumentState;
}

const ROOT = '<div id="root"></div>';

/**
 * The host's index.html as built (its title, meta and entry scripts), filled per request. Re-read
 * when the file changes, so a host redeploy needs no server restart.
 */
export function htmlTemplate(file: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  function read(): string {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(file, 'utf8');
      if (!html.includes(ROOT) || !html.includes('</head>')) {
        throw new Error(`${file} has no "${ROOT}" or no </head>: it is not the host's build.`);
      }
      cached = { mtimeMs, html };
    }
    return cached.html;
  }
  return {
    /**
     * The page, and its ETag: a hash of what the page shows (not of when its data was fetched, which
     * the embedded query cache also holds), so an unchanged page revalidates as 304.
     */
    render({ title, head, body, state }: DocumentParts): { html: string; etag: string } {
      const stateScript = `<script id="${DOCUMENT_STATE_ID}" type="application/json">${serializeDocumentState(state)}</script>`;
      const template = read();
      const html = template
        .replace('<html>', '<html lang="en">')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', `${head.join('')}</head>`)
        .replace(ROOT, `<div id="root">${body}</div>${stateScript}`);
      const shown = {
        config: state.config,
        rendered: state.rendered,
        queries: state.queries.queries.map((query) => [query.queryHash, query.state.data]),
      };
      const etag = createHash('sha256')
        .update(JSON.stringify([template, title, head, body, shown]))
        .digest('base64url')
        .slice(0, 27);
      return { html, etag: `"${etag}"` };
    },
  };
}
