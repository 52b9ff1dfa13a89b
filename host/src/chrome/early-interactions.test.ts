import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceStarted, HOLD_EARLY_INTERACTIONS } from './early-interactions';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** Puts `html` on the page as the server renders it: inside #root. */
function serverRendered(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

/** Runs the inline script as the page would, before the app. */
function runInlineScript() {
  new Function(HOLD_EARLY_INTERACTIONS)();
}

describe('taps before the app has started (a page rendered on the server)', () => {
  it('are held, then replayed on the same control once the app has started', () => {
    serverRendered('<button type="button">Add Service</button><a href="#next">Link</a>');
    const button = document.querySelector('button') as HTMLButtonElement;
    const clicks: string[] = [];
    button.addEventListener('click', () => clicks.push('handled'));
    runInlineScript();
    button.click();
    expect(clicks).toEqual([]);

    announceStarted();
    expect(clicks).toEqual(['handled']);
    button.click();
    expect(clicks).toEqual(['handled', 'handled']);
  });

  it('leave links alone: they work without the app', () => {
    serverRendered('<a href="#next">Link</a>');
    const link = document.querySelector('a') as HTMLAnchorElement;
    let prevented: boolean | undefined;
    document.addEventListener('click', (event) => {
      prevented = event.defaultPrevented;
    });
    runInlineScript();
    link.click();
    expect(prevented).toBe(false);
    announceStarted();
  });

  it('leave what the app rendered outside the server-rendered page alone (a dialog in a portal)', () => {
    serverRendered('<button type="button">Sign in</button>');
    const portal = document.createElement('div');
    portal.innerHTML = '<form><button type="submit">Continue</button></form>';
    document.body.append(portal);
    const form = portal.querySelector('form') as HTMLFormElement;
    const submits: string[] = [];
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      submits.push('validated');
    });
    runInlineScript();
    (portal.querySelector('button') as HTMLButtonElement).click();
    expect(submits).toEqual(['validated']);
    announceStarted();
    expect(submits).toEqual(['validated']);
  });

  it('stop being held if the app never starts', () => {
    vi.useFakeTimers();
    serverRendered('<button type="button">Sign in</button>');
    const button = document.querySelector('button') as HTMLButtonElement;
    let handled = 0;
    button.addEventListener('click', () => {
      handled += 1;
    });
    runInlineScript();
    vi.advanceTimersByTime(15_000);
    button.click();
    expect(handled).toBe(1);
  });
});

describe('a checkbox or radio button tapped before the app has started', () => {
  it('shows the change at once, and is tapped again for the app once it has started', () => {
    serverRendered('<input type="radio" name="kind" value="clinic" aria-label="In Clinic">');
    const radio = document.querySelector('input') as HTMLInputElement;
    const seen: boolean[] = [];
    runInlineScript();
    radio.click();
    expect(radio.checked).toBe(true);

    // Hydration attaches the app's handler; the app still thinks nothing is chosen.
    radio.addEventListener('click', () => seen.push(radio.checked));
    announceStarted();
    expect(seen).toEqual([true]);
    expect(radio.checked).toBe(true);
  });
});

describe('text typed before the app has started', () => {
  it('stays in the field and reaches the app once it has started', () => {
    serverRendered('<input type="text" aria-label="Service address">');
    const field = document.querySelector('input') as HTMLInputElement;
    runInlineScript();
    field.value = '350 5th Ave';
    field.dispatchEvent(new Event('input', { bubbles: true }));

    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(field.value));
    announceStarted();
    expect(seen).toEqual(['350 5th Ave']);
    expect(field.value).toBe('350 5th Ave');
  });
});
