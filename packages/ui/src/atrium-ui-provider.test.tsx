import { Button } from '@chakra-ui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumUiProvider, adoptServerStyles } from './atrium-ui-provider';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('AtriumUiProvider', () => {
  it('renders its children', () => {
    render(
      <AtriumUiProvider primaryColor="#0EA5E9">
        <p>Select a Service</p>
      </AtriumUiProvider>,
    );
    expect(screen.getByText('Select a Service').tagName).toBe('P');
  });

  it('renders Chakra components with the brand palette and its hover shade', () => {
    render(
      <AtriumUiProvider primaryColor="#1e3a8a">
        <Button>Continue</Button>
      </AtriumUiProvider>,
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    const styles = Array.from(document.querySelectorAll('style'))
      .map((style) => style.textContent)
      .join('\n');
    expect(styles).toContain('--chakra-colors-brand-solid:#1e3a8a;');
    expect(styles).toContain('--chakra-colors-brand-hover:#6483dd;');
    // The button's own palette variables point at brand, and its hover paints colorPalette.hover.
    expect(styles).toContain('--chakra-colors-color-palette-hover:var(--chakra-colors-brand-hover);');
    expect(styles).toContain('background:var(--chakra-colors-color-palette-hover);');
  });

  it('keeps rendering with an invalid primary colour', () => {
    render(
      <AtriumUiProvider primaryColor="blue">
        <p>Powered by Atrium</p>
      </AtriumUiProvider>,
    );
    expect(screen.getByText('Powered by Atrium')).toBeTruthy();
  });

  it('does not build again the global CSS of a tenant whose page came with it from the server', () => {
    const styles = () =>
      Array.from(document.querySelectorAll('style'))
        .map((style) => style.textContent)
        .join('\n');
    adoptServerStyles('#2f855a');
    render(
      <AtriumUiProvider primaryColor="#2f855a">
        <Button>Continue</Button>
      </AtriumUiProvider>,
    );
    expect(styles()).not.toContain('--chakra-colors-brand-solid:#2f855a;');
    // The components' own styles are still inserted as they render.
    expect(styles()).toContain('background:var(--chakra-colors-color-palette-hover);');
  });
});
