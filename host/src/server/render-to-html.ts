import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * Renders to a string once everything in the tree is ready (nothing is left pending: the page's
 * data and modules were loaded first). An error inside a Suspense boundary is logged and leaves that
 * part to the browser; an error outside one rejects.
 */
export function renderToHtml(element: ReactNode, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(element, {
      // The whole page goes out at once, in place: never a large part outlined to be moved in by a
      // script afterwards (which would shift the layout and wait for that script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        console.warn(`Rendering ${label}: a part is left to the browser.`, error);
      },
    });
  });
}
