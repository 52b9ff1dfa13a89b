import { isInCart } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { $selectedProcedures, addToCart, removeFromCart } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentProps, memo } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syntheticCategories } from './test-catalog';

// Counts renders per service: of its row (memoised as the real one is: what is counted is whether
// the list hands the row new props), of the row's body (its thumbnail) and of whatever reads whether
// the service is in the cart (its toggle).
const rowRenders = vi.hoisted(() => new Map<string, number>());
const thumbnailRenders = vi.hoisted(() => ({ count: 0 }));
const cartReads = vi.hoisted(() => new Map<string, number>());
vi.mock('@atrium/ui', async (importOriginal) => {
  const original = await importOriginal<typeof import('@atrium/ui')>();
  return {
    ...original,
    SafeImage: (props: ComponentProps<typeof original.SafeImage>) => {
      thumbnailRenders.count++;
      return <original.SafeImage {...props} />;
    },
  };
});
vi.mock('./service-row', async (importOriginal) => {
  const original = await importOriginal<typeof import('./service-row')>();
  const Row = original.ServiceRow;
  return {
    ServiceRow: memo((props: ComponentProps<typeof Row>) => {
      rowRenders.set(props.procedure.id, (rowRenders.get(props.procedure.id) ?? 0) + 1);
      return <Row {...props} />;
    }),
  };
});
vi.mock('./use-cart', async (importOriginal) => {
  const original = await importOriginal<typeof import('./use-cart')>();
  return {
    ...original,
    useIsInCart: (procedureId: string) => {
      cartReads.set(procedureId, (cartReads.get(procedureId) ?? 0) + 1);
      return original.useIsInCart(procedureId);
    },
  };
});

const { CategoryAccordion } = await import('./category-accordion');

const categories = syntheticCategories(60);
const openDialog = () => {};
// As the services page does it: the toggle writes the cart store, which the rows read.
const toggle = (procedure: MarketplaceProcedure) =>
  isInCart($selectedProcedures.get(), procedure.id) ? removeFromCart(procedure.id) : addToCart(procedure.id);

const catalogue = (
  <AtriumUiProvider primaryColor="#38BDF8">
    <CategoryAccordion categories={categories} onToggle={toggle} onOpen={openDialog} />
  </AtriumUiProvider>
);

describe('the services list', () => {
  beforeEach(() => {
    $selectedProcedures.set([]);
    rowRenders.clear();
    cartReads.clear();
    thumbnailRenders.count = 0;
  });
  afterEach(cleanup);

  it('re-renders only the toggled service’s button when a service is added to the cart', () => {
    render(catalogue);
    expect(rowRenders.size).toBe(10);
    expect(thumbnailRenders.count).toBe(10);
    rowRenders.clear();
    cartReads.clear();
    thumbnailRenders.count = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Add Service 3' }));
    expect($selectedProcedures.get()).toEqual([{ id: '3', addOnIds: [] }]);
    expect([...rowRenders.entries()]).toEqual([]);
    expect(thumbnailRenders.count).toBe(0);
    expect([...cartReads.entries()]).toEqual([['3', 1]]);
    expect(screen.getByRole('button', { name: 'Remove Service 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('shows a service added elsewhere (the cart drawer, another tab) as in the cart', () => {
    render(catalogue);
    act(() => addToCart('7'));
    expect(screen.getByRole('button', { name: 'Remove Service 7' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    act(() => removeFromCart('7'));
    expect(screen.getByRole('button', { name: 'Add Service 7' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('hydrates the server’s list of a cart with a service in it without a mismatch', async () => {
    $selectedProcedures.set([{ id: '2', addOnIds: [] }]);
    const html = renderToString(catalogue);
    expect(html).toContain('aria-label="Remove Service 2" aria-pressed="true"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const root = await act(async () =>
        hydrateRoot(container, catalogue, { onRecoverableError: recoverable }),
      );
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(html);
      act(() => root.unmount());
    } finally {
      consoleError.mockRestore();
      container.remove();
    }
  });
});
