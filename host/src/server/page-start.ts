import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { HOLD_EARLY_INTERACTIONS } from '../chrome/early-interactions';

/**
 * The one script of a page besides the apps' own files: the page's Content-Security-Policy allows no
 * inline script, so what pages used to inline is this file, served by the host's server, told what
 * to do by its data attributes:
 * - `data-storage-key` / `data-storage-value`: the marketplace-id rule before anything shows:
 *   local storage of another marketplace is cleared and this one's id stored;
 * - `data-hold`: taps and typing before the app has started are held, then replayed (early-interactions);
 * - `data-scripts`: the host's entry scripts, loaded in order once the document is parsed, and with
 *   `data-after-paint` only once the page has painted (a frame, then a task; at once in a hidden tab).
 */
export const PAGE_START_BODY = `function(d){if(d.storageKey){try{if(localStorage.getItem(d.storageKey)!==d.storageValue){localStorage.clear();localStorage.setItem(d.storageKey,d.storageValue);}}catch(e){}}if(d.hold){${HOLD_EARLY_INTERACTIONS}}var scripts=JSON.parse(d.scripts||'[]');function load(){scripts.forEach(function(src){var e=document.createElement('script');e.src=src;e.async=false;document.head.appendChild(e);});}function start(){if(!d.afterPaint||document.visibilityState==='hidden')load();else requestAnimationFrame(function(){setTimeout(load,0);});}if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',start,{once:true});else start();}`;

const source = `(${PAGE_START_BODY})(document.currentScript.dataset);\n`;

/** The script's path: named by its content, so it is cached for good and a new one is a new name. */
export const PAGE_START_PATH = `/page-start.${createHash('sha256').update(source).digest('hex').slice(0, 12)}.js`;

export const pageStartScript = (): string => source;

export interface PageStartOptions {
  /** The marketplace whose page this is (its id kept in local storage). */
  storage?: { key: string; value: string } | undefined;
  holdInteractions?: boolean;
  /** The host's entry scripts, in order. */
  scripts: string[];
  afterPaint?: boolean;
}

/** The page's script element (async: it blocks nothing, and runs before the scripts it loads). */
export function pageStartTag({
  storage,
  holdInteractions = false,
  scripts,
  afterPaint = false,
}: PageStartOptions) {
  const data: Record<string, string> = { scripts: JSON.stringify(scripts) };
  if (storage) Object.assign(data, { 'storage-key': storage.key, 'storage-value': storage.value });
  if (holdInteractions) data.hold = '1';
  if (afterPaint) data['after-paint'] = '1';
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<script async src="${PAGE_START_PATH}"${attributes}></script>`;
}
