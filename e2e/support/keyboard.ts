import { expect, type Locator, type Page } from '@playwright/test';

/** What the focused element is, in words a failure message can show (role, name, tag). */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing (the page body)';
    const html = element as HTMLElement;
    const input = element as HTMLInputElement;
    const labelled = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelled
        ? labelled
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null) ??
      (input.labels?.[0]?.textContent || null) ??
      (html.textContent || input.placeholder || html.querySelector('img')?.alt || '');
    const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
    const type = element instanceof HTMLInputElement ? ` type=${element.type}` : '';
    return `${role}${type} "${name.trim().replace(/\s+/g, ' ').slice(0, 80)}"`;
  });
}

const isFocused = (target: Locator) =>
  target.evaluateAll((elements) => elements.length === 1 && elements[0] === document.activeElement);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, at most `max` times. Every stop on the way
 * must show its focus. Fails naming the target and what had focus last.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false }: { max?: number; backwards?: boolean } = {},
) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  const visited: string[] = [];
  if (await isFocused(target)) return expectVisibleFocus(page);
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return expectVisibleFocus(page);
    // Past the page's last control focus leaves the page (the browser's own controls) for a press.
    if (!(await page.evaluate(() => document.activeElement === document.body)))
      await expectVisibleFocus(page);
    visited.push(await describeFocus(page));
  }
  throw new Error(
    `${key} ×${max} never reached ${target}; focus went last to ${visited.at(-1)}.\n` +
      `Stops: ${visited.join(' → ')}`,
  );
}

/** Presses `key` with `target` focused (Enter, Space, an arrow...). */
export async function press(page: Page, target: Locator, key: string) {
  await expect(target).toBeFocused();
  await page.keyboard.press(key);
}

/** Tabs to a text field and types into it (its current text, if any, replaced); `shown` is what the field then holds. */
export async function typeInto(page: Page, field: Locator, text: string, shown = text) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await expect(field).toHaveValue(shown);
}

/**
 * The focused control shows a focus ring: a drawn outline or a box shadow. A visually hidden input
 * (checkbox, radio of a segmented control) shows its ring on the visible parts of its label.
 */
export async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const hasRing = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing is focused';
    // Tab also stops on the calendar button inside a native date or time input; the browser draws
    // its ring there, in the input's own shadow tree where no style of the page reaches or shows.
    const nativePicker =
      focused instanceof HTMLInputElement &&
      ['date', 'time', 'datetime-local', 'month', 'week'].includes(focused.type) &&
      !focused.matches(':focus-visible');
    if (nativePicker) return null;
    const box = focused.getBoundingClientRect();
    const hidden = box.width <= 1 || box.height <= 1;
    const shown = hidden ? focused.closest('label') : focused;
    if (!shown) return 'a hidden input outside any label';
    const drawn = hasRing(shown) || (hidden && [...shown.querySelectorAll('*')].some(hasRing));
    if (drawn) return null;
    const style = getComputedStyle(shown);
    return `no ring (outline: ${style.outline}; box-shadow: ${style.boxShadow}; focus-visible: ${shown.matches(':focus-visible')})`;
  });
  expect(ring, `the focused ${await describeFocus(page)} should show a focus ring`).toBeNull();
}

/** Tab and Shift+Tab `presses` times each way inside an open modal: focus never leaves it. */
export async function expectFocusTrapped(page: Page, modal: Locator, presses = 12) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      const inside = await modal.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `${key} ×${press + 1} left the dialog for ${await describeFocus(page)}`).toBe(true);
    }
  }
}
