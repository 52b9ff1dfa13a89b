import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceStarted } from '../chrome/early-interactions';
import { PAGE_START_BODY, PAGE_START_PATH, pageStartScript } from './page-start';

/** Runs the page-start script as a page would, with its element's data attributes. */
function runPageStart(dataset: Record<string, string>) {
  new Function('d', `(${PAGE_START_BODY})(d);`)(dataset);
}

// Scripts the page-start script adds, kept rather than fetched.
let added: HTMLScriptElement[] = [];
const loaded = () => added.map((script) => script.getAttribute('src'));

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as HTMLScriptElement);
    return node;
  });
});

afterEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the page-start script', () => {
  it('is a file named by its content that reads its own data attributes', () => {
    expect(PAGE_START_PATH).toMatch(/^\/page-start\.[0-9a-f]{12}\.js$/);
    expect(pageStartScript()).toContain('document.currentScript.dataset');
  });

  it("clears another marketplace's storage and stores this one's id", () => {
    localStorage.setItem('marketplace-id', '"1"');
    localStorage.setItem('selected-procedures', '[{"id":"7","addOnIds":[]}]');
    runPageStart({ storageKey: 'marketplace-id', storageValue: '"3"' });
    const stored = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) as string);
    expect(Object.fromEntries(stored.map((key) => [key, localStorage.getItem(key)]))).toEqual({
      'marketplace-id': '"3"',
    });
  });

  it("leaves the same marketplace's storage alone", () => {
    localStorage.setItem('marketplace-id', '"3"');
    localStorage.setItem('selected-procedures', '[{"id":"7","addOnIds":[]}]');
    runPageStart({ storageKey: 'marketplace-id', storageValue: '"3"' });
    expect(localStorage.getItem('selected-procedures')).toBe('[{"id":"7","addOnIds":[]}]');
  });

  it("loads the host's scripts in their order, not as async scripts", () => {
    runPageStart({ scripts: '["/static/js/a.js","/static/js/b.js"]' });
    expect(loaded()).toEqual(['/static/js/a.js', '/static/js/b.js']);
    expect(added.every((script) => !script.async)).toBe(true);
  });

  it('after paint, loads them on the frame after the next one', async () => {
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frame = callback;
      return 1;
    });
    runPageStart({ scripts: '["/static/js/a.js"]', afterPaint: '1' });
    expect(loaded()).toEqual([]);
    frame?.(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded()).toEqual(['/static/js/a.js']);
  });

  it('holds taps before the app has started when asked to, and replays them', () => {
    document.body.innerHTML = '<div id="root"><button type="button">Add Service</button></div>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const clicks: string[] = [];
    button.addEventListener('click', () => clicks.push('handled'));
    runPageStart({ hold: '1' });
    button.click();
    expect(clicks).toEqual([]);
    announceStarted();
    expect(clicks).toEqual(['handled']);
  });
});
