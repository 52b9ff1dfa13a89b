// Benchmark (run by `pnpm bench`, not by the test suite): React Profiler commit time of adding one
// service to the cart and removing it again, with 60 services rendered (all categories open) and the
// continue footer, the cart kept in its store as on the page. React's development build in
// happy-dom, so the figures are relative; the production build renders faster. The page's own
// figures, in Chromium, are in e2e/bench/service-toggle.ts.
import { isInCart } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { MemoryRouter } from '@atrium/navigation';
import { $selectedProcedures, addToCart, removeFromCart } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { expect, it } from 'vitest';
import { CategoryAccordion } from '../src/services-page/category-accordion';
import { ContinueFooter } from '../src/services-page/continue-footer';
import { syntheticCategories } from '../src/services-page/test-catalog';

const categories = syntheticCategories(60);
const openAll = categories.map((c) => c.id);
const openDialog = () => {};
const commits: { phase: string; actual: number; base: number }[] = [];
// As the services page does it: the toggle writes the cart store, which the toggles and footer read.
const toggle = (procedure: MarketplaceProcedure) =>
  isInCart($selectedProcedures.get(), procedure.id) ? removeFromCart(procedure.id) : addToCart(procedure.id);

function Catalogue() {
  return (
    <Profiler id="catalogue" onRender={(_id, phase, actual, base) => commits.push({ phase, actual, base })}>
      <CategoryAccordion
        categories={categories}
        onToggle={toggle}
        onOpen={openDialog}
        defaultOpen={openAll}
      />
      <ContinueFooter />
    </Profiler>
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

it('measures the commit of one toggle among 60 services', () => {
  $selectedProcedures.set([]);
  render(
    <AtriumUiProvider primaryColor="#38BDF8">
      <MemoryRouter>
        <Catalogue />
      </MemoryRouter>
    </AtriumUiProvider>,
  );
  expect(screen.getAllByRole('button', { name: /^Add Service/ })).toHaveLength(60);
  const mount = commits.find((c) => c.phase === 'mount');
  const toggles: { actual: number; base: number }[] = [];
  for (let round = 0; round < 20; round++) {
    commits.length = 0;
    // Add a service, then remove it (the cart holds 0 and 1 services in turn).
    const id = String(Math.floor(round / 2) + 1);
    fireEvent.click(
      screen.getByRole('button', { name: `${round % 2 === 0 ? 'Add' : 'Remove'} Service ${id}` }),
    );
    const update = commits.filter((c) => c.phase !== 'mount');
    expect(update.length).toBeGreaterThan(0);
    toggles.push({
      actual: update.reduce((sum, c) => sum + c.actual, 0),
      base: update.reduce((sum, c) => sum + c.base, 0),
    });
  }
  expect($selectedProcedures.get()).toEqual([]);
  const actual = median(toggles.map((t) => t.actual));
  const base = median(toggles.map((t) => t.base));
  console.log(
    `\nService list with 60 services and the footer (React Profiler, development build, happy-dom)\n` +
      `  first render: ${mount?.actual.toFixed(1)} ms\n` +
      `  one toggle:   ${actual.toFixed(2)} ms commit (median of 20), vs ${base.toFixed(1)} ms to re-render the whole list`,
  );
  cleanup();
});
