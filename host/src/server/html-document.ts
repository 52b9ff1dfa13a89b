import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import escapeHtml from 'escape-html';
import { DOCUMENT_STATE_ID, type DocumentState, serializeDocumentState } from '../document-state';
import { type PageStartOptions, pageStartTag } from './page-start';

export interface DocumentParts {
  /**
   * The page's content is in the HTML: the host's scripts then start loading once it has painted
   * (bandwidth and the main thread go to the content first), else at once.
   */
  scriptsAfterPaint?: boolean;
  /** What the page-start script does besides loading the host's scripts (see page-start.ts). */
  start?: Omit<PageStartOptions, 'scripts' | 'afterPaint'>;
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
    render({ title, head, body, state, start = {}, scriptsAfterPaint = false }: DocumentParts): {
      html: string;
      etag: string;
    } {
      const stateScript = `<script id="${DOCUMENT_STATE_ID}" type="application/json">${serializeDocumentState(state)}</script>`;
      const template = read();
      // The host's scripts are loaded by the page-start script (no inline script: see page-start.ts);
      // without content to paint first, they are also hinted so the browser fetches them at once.
      const scripts = [...template.matchAll(ENTRY_SCRIPT)].map((match) => match[1] as string);
      const hints = scriptsAfterPaint
        ? []
        : scripts.map((src) => `<link rel="preload" as="script" href="${escapeHtml(src)}">`);
      const startTag = pageStartTag({ ...start, scripts, afterPaint: scriptsAfterPaint });
      // Replacer functions, never replacement strings: tenant text such as 'Glow $& Co' would
      // otherwise splice parts of the template into the page ($&, $', $` and $$ are patterns there).
      const html = template
        .replace(ENTRY_SCRIPT, () => '')
        .replace('<html>', () => '<html lang="en">')
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
        .replace('</head>', () => `${startTag}${hints.join('')}${head.join('')}</head>`)
        .replace(ROOT, () => `<div id="root">${body}</div>${stateScript}`);
      const shown = {
        config: state.config,
        rendered: state.rendered,
        queries: state.queries.queries.map((query) => [query.queryHash, query.state.data]),
        // An owner's preview page is another page than the clients' one with the same release.
        preview: state.preview ?? null,
      };
      const etag = createHash('sha256')
        .update(JSON.stringify([template, title, startTag, head, body, shown]))
        .digest('base64url')
        .slice(0, 27);
      return { html, etag: `"${etag}"` };
    },
  };
}

export type HtmlTemplate = ReturnType<typeof htmlTemplate>;
