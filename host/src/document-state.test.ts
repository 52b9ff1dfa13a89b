import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_STATE_ID,
  type DocumentState,
  readDocumentState,
  serializeDocumentState,
} from './document-state';

const state: DocumentState = {
  config: { remotes: {}, note: '</script><script>alert(1)</script>' },
  queries: { mutations: [], queries: [] },
  rendered: null,
  preview: null,
};

function documentWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = html;
  return doc;
}

describe('the state the server hands to the browser with a page', () => {
  it('cannot close its script element, whatever the data holds', () => {
    const json = serializeDocumentState(state);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(state);
  });

  it('is read back from the page', () => {
    const doc = documentWith(
      `<script id="${DOCUMENT_STATE_ID}" type="application/json">${serializeDocumentState(state)}</script>`,
    );
    expect(readDocumentState(doc)).toEqual(state);
  });

  it("carries an owner's preview, and only a well-formed one", () => {
    const preview = {
      marketplaceId: '3',
      remote: 'catalog',
      version: 'c0ffee123456',
      expiresAt: '2026-11-24T11:00:00.000Z',
    };
    const read = (value: unknown) =>
      readDocumentState(
        documentWith(
          `<script id="${DOCUMENT_STATE_ID}" type="application/json">${serializeDocumentState({ ...state, preview: value as null })}</script>`,
        ),
      )?.preview;
    expect(read(preview)).toEqual(preview);
    expect(read({ ...preview, version: 7 })).toBeNull();
    expect(read('catalog')).toBeNull();
  });

  it('is absent from a page served without it, or unreadable', () => {
    expect(readDocumentState(documentWith('<div id="root"></div>'))).toBeNull();
    expect(
      readDocumentState(
        documentWith(`<script id="${DOCUMENT_STATE_ID}" type="application/json">{oops</script>`),
      ),
    ).toBeNull();
  });
});
