import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AtriumUiProvider } from '../atrium-ui-provider';
import { SearchCombobox } from './search-combobox';

afterEach(cleanup);

const places = ['Denver, CO', 'Dallas, TX'];
const identity = (place: string) => place;

function renderSearch(
  listPlacement: 'overlay' | 'inline',
  onSelect: (place: string) => void = () => {},
  found: string[] = places,
) {
  render(
    <AtriumUiProvider>
      <SearchCombobox<string>
        label="Place"
        search={async () => found}
        getKey={identity}
        getText={identity}
        renderItem={identity}
        onSelect={onSelect}
        debounceMs={0}
        listPlacement={listPlacement}
      />
      <button type="button">Use current location</button>
    </AtriumUiProvider>,
  );
}

/** Lets the combobox's deferred work (its outside-interaction listeners, highlights) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

async function openList() {
  const field = screen.getByRole('combobox', { name: 'Place' });
  field.focus();
  fireEvent.change(field, { target: { value: 'De' } });
  await screen.findByRole('listbox', { name: 'Place' });
  await settle();
  return field;
}

describe('SearchCombobox with nothing found', () => {
  it("says 'No matching places' as a status, not as an empty listbox (a listbox holds options)", async () => {
    renderSearch('inline', () => {}, []);
    const field = screen.getByRole('combobox', { name: 'Place' });
    field.focus();
    fireEvent.change(field, { target: { value: 'Zzqxv' } });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('No matching places');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('SearchCombobox list placement', () => {
  it('an inline list stays open through a press elsewhere and closes once it is released', async () => {
    renderSearch('inline');
    await openList();
    const button = screen.getByRole('button', { name: 'Use current location' });

    // A press on the button below: the field loses focus while the pointer is down.
    fireEvent.pointerDown(button);
    button.focus();
    await settle();
    expect(screen.getByRole('listbox', { name: 'Place' })).toBeTruthy();

    fireEvent.pointerUp(button);
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes at once when the field loses focus without a press (e.g. Tab)', async () => {
    renderSearch('inline');
    await openList();
    screen.getByRole('button', { name: 'Use current location' }).focus();
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('an overlay list closes as soon as a press elsewhere begins', async () => {
    renderSearch('overlay');
    await openList();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Use current location' }));
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('SearchCombobox by keyboard', () => {
  it('highlights the best match as the suggestions arrive, moves with the arrows and takes it with Enter', async () => {
    const onSelect = vi.fn();
    renderSearch('overlay', onSelect);
    const field = await openList();
    const options = () => screen.getAllByRole('option');
    expect(options().map((option) => option.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await settle();
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    await settle();
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    await settle();
    expect(onSelect).toHaveBeenCalledWith('Denver, CO');
    expect((field as HTMLInputElement).value).toBe('De');
  });

  it('searches from 2 characters only', async () => {
    renderSearch('overlay');
    const field = screen.getByRole('combobox', { name: 'Place' });
    field.focus();
    fireEvent.change(field, { target: { value: 'D' } });
    await settle();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('SearchCombobox on a page rendered by the server', () => {
  it('searches what the client typed before the page came alive', async () => {
    const searched: string[] = [];
    const page = (
      <AtriumUiProvider>
        <SearchCombobox<string>
          label="Place"
          search={async (input) => {
            searched.push(input);
            return places;
          }}
          getKey={identity}
          getText={identity}
          renderItem={identity}
          onSelect={() => {}}
          debounceMs={0}
        />
      </AtriumUiProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    const field = container.querySelector('input');
    if (!field) throw new Error('The server rendered no field.');
    field.value = 'Austin, TX';

    await act(async () => {
      hydrateRoot(container, page);
    });

    expect(await screen.findByRole('listbox', { name: 'Place' })).toBeTruthy();
    expect(searched).toEqual(['Austin, TX']);
    container.remove();
  });
});
