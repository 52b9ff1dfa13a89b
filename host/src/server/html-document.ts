import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { DOCUMENT_STATE_ID, type DocumentState, serializeDocumentState } from '../document-state';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface DocumentParts {
  /**
   * The page's content is in the HTML: the host's scripts then start loading once it has painted
   * (bandwidth and the main thread go to the content first), else at once.
   */
  scriptsAfterPaint?: boolean;
  title: string;
  /** Extra elements for the head (preloads, icon), already HTML. */
  head: string[];
  /** The page's HTML inside the root element ('' when the browser renders it). */
  body: string;
  state: DocumentState;
}

const ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/g;

/**
 * Loads the host's scripts, in their order, once the page has painted (a frame, then a task); at
 * once in a hidden tab, where no frame comes.
 */
function loadAfterPaint(scripts: string[]): string {
  return `<script>(function(s){function load(){s.forEach(function(src){var e=document.createElement('script');e.src=src;e.async=false;document.head.appendChild(e);});}if(document.visibilityState==='hidden')load();else requestAnimationFrame(function(){setTimeout(load,0);});})(${JSON.stringify(scripts).replace(/</g, '\\u003c')})</script>`;
}

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
    render({ title, head, body, state, scriptsAfterPaint = false }: DocumentParts): {
      html: string;
      etag: string;
    } {
      const stateScript = `<script id="${DOCUMENT_STATE_ID}" type="application/json">${serializeDocumentState(state)}</script>`;
      const template = read();
      const scripts = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
      const page = scriptsAfterPaint ? template.replace(ENTRY_SCRIPT, '') : template;
      const html = page
        .replace('<html>', '<html lang="en">')
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', `${head.join('')}</head>`)
        .replace(
          ROOT,
          `<div id="root">${body}</div>${stateScript}${scriptsAfterPaint ? loadAfterPaint(scripts) : ''}`,
        );
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
