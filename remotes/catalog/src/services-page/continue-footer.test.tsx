import { MemoryRouter } from '@atrium/navigation';
import { $selectedProcedures, addToCart, removeFromCart } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContinueFooter } from './continue-footer';

function renderFooter() {
  render(
    <AtriumUiProvider primaryColor="#38BDF8">
      <MemoryRouter>
        <ContinueFooter />
      </MemoryRouter>
    </AtriumUiProvider>,
  );
  return {
    count: () => screen.getByText(/selected$/).textContent,
    continueDisabled: () => (screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled,
  };
}

describe('the continue footer', () => {
  beforeEach(() => $selectedProcedures.set([]));
  afterEach(cleanup);

  it('counts the services in the cart and offers Continue only with one in it', () => {
    const footer = renderFooter();
    expect(footer.count()).toBe('No services selected');
    expect(footer.continueDisabled()).toBe(true);
    act(() => addToCart('1006'));
    expect(footer.count()).toBe('1 service selected');
    expect(footer.continueDisabled()).toBe(false);
    act(() => addToCart('1007'));
    expect(footer.count()).toBe('2 services selected');
    expect(footer.continueDisabled()).toBe(false);
    act(() => {
      removeFromCart('1006');
      removeFromCart('1007');
    });
    expect(footer.count()).toBe('No services selected');
    expect(footer.continueDisabled()).toBe(true);
  });
});
