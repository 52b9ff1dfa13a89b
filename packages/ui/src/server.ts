import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';

/**
 * Server rendering of Chakra's styles: render under `<StyleCacheProvider value={cache}>`, then put
 * `styleTags(html)` in the head. The page's styles then arrive as a few style elements in the head
 * (the tenant's global CSS, then the rules the HTML uses) instead of one before each element, and
 * are marked (`data-s`) so the browser's style cache adopts them where they are: moving them would
 * make the browser parse every rule again while the page starts.
 */
export function createServerStyles() {
  // The same key as the browser's default cache, which adopts these styles on start.
  const cache = createCache({ key: 'css' });
  const server = createEmotionServer(cache);
  return {
    cache,
    styleTags(html: string): string {
      return server
        .extractCriticalToChunks(html)
        .styles.filter((chunk) => chunk.css !== '')
        .map(
          (chunk) =>
            `<style data-emotion="${chunk.key} ${chunk.ids.join(' ')}" data-s="">${chunk.css}</style>`,
        )
        .join('');
    },
  };
}
