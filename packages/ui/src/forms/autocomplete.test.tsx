import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumUiProvider } from '../atrium-ui-provider';
import { Autocomplete } from './autocomplete';

afterEach(cleanup);

const places = ['Denver, CO', 'Dallas, TX'];

function renderSearch(listPlacement: 'overlay' | 'inline') {
  render(
    <AtriumUiProvider>
      <Autocomplete<string>
        label="Place"
        search={async () => places}
        getKey={(place) => place}
        renderItem={(place) => place}
        onSelect={() => {}}
        debounceMs={0}
        listPlacement={listPlacement}
      />
      <button type="button">Use current location</button>
    </AtriumUiProvider>,
  );
}

async function openList() {
  const field = screen.getByRole('combobox', { name: 'Place' });
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value: 'De' } });
  await screen.findByRole('listbox', { name: 'Place' });
  return field;
}

describe('Autocomplete list placement', () => {
  it('an inline list stays open through a press elsewhere and closes once it is released', async () => {
    renderSearch('inline');
    const field = await openList();

    // A press on the button below: the field loses focus while the pointer is down.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Use current location' }));
    fireEvent.blur(field);
    expect(screen.getByRole('listbox', { name: 'Place' })).toBeTruthy();

    fireEvent.pointerUp(screen.getByRole('button', { name: 'Use current location' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes at once when the field loses focus without a press (e.g. Tab)', async () => {
    renderSearch('inline');
    const field = await openList();
    fireEvent.blur(field);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('an overlay list closes as soon as the field loses focus', async () => {
    renderSearch('overlay');
    const field = await openList();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Use current location' }));
    fireEvent.blur(field);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
