// Benchmark (run by `pnpm bench`, not by the test suite): React Profiler commit time of adding one
// service to the cart with 60 services rendered, all categories open. React's development build
// in happy-dom, so the figures are relative; the production build renders faster.
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useCallback, useState } from 'react';
import { expect, it } from 'vitest';
import { CategoryAccordion } from '../src/services-page/category-accordion';
import { syntheticCategories } from '../src/services-page/test-catalog';

const categories = syntheticCategories(60);
const openAll = categories.map((c) => c.id);
const openDialog = () => {};
const commits: { phase: string; actual: number; base: number }[] = [];

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
    <Profiler id="catalogue" onRender={(_id, phase, actual, base) => commits.push({ phase, actual, base })}>
      <CategoryAccordion
        categories={categories}
        inCart={cart}
        onToggle={toggle}
        onOpen={openDialog}
        defaultOpen={openAll}
      />
    </Profiler>
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

it('measures the commit of one toggle among 60 services', () => {
  render(
    <AtriumUiProvider primaryColor="#38BDF8">
      <Catalogue />
    </AtriumUiProvider>,
  );
  expect(screen.getAllByRole('button', { name: /^Add Service/ })).toHaveLength(60);
  const mount = commits.find((c) => c.phase === 'mount');
  const toggles: { actual: number; base: number }[] = [];
  for (let round = 0; round < 20; round++) {
    commits.length = 0;
    const id = String((round % 60) + 1);
    const name = round % 2 === 0 ? `Add Service ${id}` : `Remove Service ${id}`;
    fireEvent.click(
      screen.getByRole('button', {
        name: round % 2 === 0 ? name : `Remove Service ${String(((round - 1) % 60) + 1)}`,
      }),
    );
    const update = commits.filter((c) => c.phase !== 'mount');
    toggles.push({
      actual: update.reduce((sum, c) => sum + c.actual, 0),
      base: update.reduce((sum, c) => sum + c.base, 0),
    });
  }
  const actual = median(toggles.map((t) => t.actual));
  const base = median(toggles.map((t) => t.base));
  console.log(
    `\nService list with 60 services (React Profiler, development build, happy-dom)\n` +
      `  first render: ${mount?.actual.toFixed(1)} ms\n` +
      `  one toggle:   ${actual.toFixed(2)} ms commit (median of 20), vs ${base.toFixed(1)} ms to re-render the whole list`,
  );
  cleanup();
});
