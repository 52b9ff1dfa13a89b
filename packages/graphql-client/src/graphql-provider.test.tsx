import { useQueryClient } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GraphQLProvider } from './graphql-provider';
import { createQueryClient } from './query-client';

// No vitest globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function StaleTime() {
  return <p>staleTime {String(useQueryClient().getDefaultOptions().queries?.staleTime)}</p>;
}

describe('GraphQLProvider', () => {
  it('renders its children with a query client holding the spec defaults', () => {
    render(
      <GraphQLProvider storage={localStorage}>
        <StaleTime />
      </GraphQLProvider>,
    );
    expect(screen.getByText('staleTime 300000')).toBeTruthy();
  });

  it('provides the query client it is given', () => {
    const queryClient = createQueryClient();
    let provided: unknown;
    function Probe() {
      provided = useQueryClient();
      return null;
    }
    render(
      <GraphQLProvider queryClient={queryClient}>
        <Probe />
      </GraphQLProvider>,
    );
    expect(provided).toBe(queryClient);
  });
});
