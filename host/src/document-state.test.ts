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

  it('is absent from a page served without it, or unreadable', () => {
    expect(readDocumentState(documentWith('<div id="root"></div>'))).toBeNull();
    expect(
      readDocumentState(
        documentWith(`<script id="${DOCUMENT_STATE_ID}" type="application/json">{oops</script>`),
      ),
    ).toBeNull();
  });
});
