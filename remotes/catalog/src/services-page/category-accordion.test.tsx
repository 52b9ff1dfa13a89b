import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentProps, memo, useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { syntheticCategories } from './test-catalog';

// Counts renders per service. The row stays memoised as in the real one: what is tested is that
// the accordion hands each row props that stay equal, so a toggle re-renders one row only.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('./service-row', async (importOriginal) => {
  const original = await importOriginal<typeof import('./service-row')>();
  const Row = original.ServiceRow;
  return {
    ServiceRow: memo((props: ComponentProps<typeof Row>) => {
      renders.set(props.procedure.id, (renders.get(props.procedure.id) ?? 0) + 1);
      return <Row {...props} />;
    }),
  };
});

const { CategoryAccordion } = await import('./category-accordion');

const categories = syntheticCategories(60);
const openDialog = () => {};

function Catalogue() {
  const [cart, setCart] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((procedure: MarketplaceProcedure) => {
    setCart((current) => {
      const next = new Set(current);
      if (next.has(procedure.id)) next.delete(procedure.id);
      else next.add(procedure.id);
      return next;
    });
  }, []);
  return (
    <AtriumUiProvider primaryColor="#38BDF8">
      <CategoryAccordion categories={categories} inCart={cart} onToggle={toggle} onOpen={openDialog} />
    </AtriumUiProvider>
  );
}

describe('the services list', () => {
  afterEach(cleanup);

  it('re-renders only the toggled row when a service is added to the cart', () => {
    render(<Catalogue />);
    expect(renders.size).toBe(10);
    renders.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Add Service 3' }));
    expect([...renders.entries()]).toEqual([['3', 1]]);
    expect(screen.getByRole('button', { name: 'Remove Service 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});
