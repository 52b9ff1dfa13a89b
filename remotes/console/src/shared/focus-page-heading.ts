/**
 * Moves focus to the section's main heading: where a screen reader and a keyboard user go on when the
 * control they used is gone (a request confirmed or declined leaves the list it was in), instead of
 * the page's <body>. Runs after the render that removes the control.
 */
export function focusPageHeading(): void {
  requestAnimationFrame(() => {
    const heading =
      document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  });
}
