import type { StaffRemoteVersions } from '@atrium/graphql-client/staff';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { collectToasts, graphqlFetch, renderConsole } from '../test/test-support';
import { formatInstant } from './version-format';
import VersionsSection from './versions-section';

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};
const token = 't'.repeat(43);

const release = (version: string, releasedAt: string, failureReports = 0) => ({
  version,
  entry: `https://cdn.example/catalog/${version}/mf-manifest.json`,
  releasedAt,
  failureReports,
});
const newest = release('cccccccccccc', '2026-11-24T09:00:00.000Z', 2);
const middle = release('bbbbbbbbbbbb', '2026-11-23T09:00:00.000Z');
const oldest = release('aaaaaaaaaaaa', '2026-11-22T09:00:00.000Z');

function catalog(overrides: Partial<StaffRemoteVersions> = {}): StaffRemoteVersions {
  return {
    remote: 'catalog',
    default: { version: oldest.version, entry: oldest.entry, releasedAt: oldest.releasedAt },
    override: null,
    canRollBack: false,
    rollbackTo: null,
    releases: [newest, middle, oldest],
    ...overrides,
  };
}
const scheduling: StaffRemoteVersions = {
  remote: 'scheduling',
  default: null,
  override: null,
  canRollBack: false,
  rollbackTo: null,
  releases: [],
};
const overridden = catalog({
  override: {
    version: middle.version,
    entry: middle.entry,
    releasedAt: middle.releasedAt,
    since: '2026-11-24T10:00:00.000Z',
  },
  canRollBack: true,
});

const show = () => renderConsole(<VersionsSection marketplaceId="1" staff={owner} />, '/1/console/versions');
const row = async (name: RegExp) =>
  (await screen.findAllByRole('row')).find((candidate) =>
    name.test(candidate.textContent ?? ''),
  ) as HTMLElement;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
beforeEach(() => resetClientValues());

describe('the Versions section (owner)', () => {
  it('shows each part with what the clients get, the version, since when and its releases', async () => {
    graphqlFetch({
      StaffRemoteVersions: () => ({ data: { staffRemoteVersions: [overridden, scheduling] } }),
    });
    show();
    expect(screen.getByRole('status', { name: 'Loading versions' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Versions of the site's parts" });
    const catalogRow = await row(/^Catalog/);
    expect(
      within(catalogRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 3),
    ).toEqual(['Catalog', 'Override', `${middle.version}since ${formatInstant('2026-11-24T10:00:00.000Z')}`]);
    const select = within(catalogRow).getByRole('combobox', {
      name: 'Release of catalog',
    }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      `${newest.version} · ${formatInstant(newest.releasedAt)} · 2 failed to load it`,
      `${middle.version} · ${formatInstant(middle.releasedAt)} (live)`,
      `${oldest.version} · ${formatInstant(oldest.releasedAt)}`,
    ]);
    expect(within(catalogRow).getByRole('button', { name: 'Roll back catalog' })).toBeTruthy();
    const schedulingRow = await row(/^Scheduling/);
    expect(schedulingRow.textContent).toContain('Built in');
    expect(within(schedulingRow).queryByRole('button', { name: 'Roll back scheduling' })).toBeNull();
    // Without a published release there is nothing to preview or make live.
    for (const name of ['Preview scheduling', 'Make live scheduling']) {
      expect((within(schedulingRow).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    expect(table).toBeTruthy();
  });

  it('makes the chosen release live after confirming, and says so', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffRemoteVersions: () => ({ data: { staffRemoteVersions: [catalog()] } }),
      StaffSetRemoteOverride: () => ({ data: { staffSetRemoteOverride: overridden } }),
    });
    show();
    const catalogRow = await row(/^Catalog/);
    fireEvent.change(within(catalogRow).getByRole('combobox', { name: 'Release of catalog' }), {
      target: { value: middle.version },
    });
    fireEvent.click(within(catalogRow).getByRole('button', { name: 'Make live catalog' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Make catalog ${middle.version} live?` });
    expect(dialog.textContent).toContain(
      'Every client of this marketplace gets catalog bbbbbbbbbbbb on their next page load.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make live' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { type: 'success', message: `Catalog ${middle.version} is live for your clients.` },
      ]),
    );
    expect(api.of('StaffSetRemoteOverride')[0]?.variables).toEqual({
      marketplaceId: '1',
      remote: 'catalog',
      version: middle.version,
    });
  });

  it('rolls back after confirming, naming where it goes', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      StaffRemoteVersions: () => ({ data: { staffRemoteVersions: [overridden] } }),
      StaffRollbackRemoteOverride: () => ({ data: { staffRollbackRemoteOverride: catalog() } }),
    });
    show();
    fireEvent.click(within(await row(/^Catalog/)).getByRole('button', { name: 'Roll back catalog' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Roll back catalog?' });
    expect(dialog.textContent).toContain(`gets the default (${oldest.version}) on their next page load`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { type: 'success', message: `Catalog rolled back: your clients get ${oldest.version}.` },
      ]),
    );
    expect(api.of('StaffRollbackRemoteOverride')).toHaveLength(1);
  });

  it("previews in this browser only: the cookie for the marketplace's pages, the services page in a new tab", async () => {
    const toasts = collectToasts();
    const cookies: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void cookies.push(value));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    graphqlFetch({
      StaffRemoteVersions: () => ({ data: { staffRemoteVersions: [catalog()] } }),
      StaffStartRemotePreview: ({ version }) => ({
        data: {
          staffStartRemotePreview: {
            token,
            remote: 'catalog',
            version,
            entry: newest.entry,
            expiresAt: '2026-11-24T11:00:00.000Z',
          },
        },
      }),
    });
    show();
    const catalogRow = await row(/^Catalog/);
    fireEvent.click(within(catalogRow).getByRole('button', { name: 'Preview catalog' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Preview catalog ${newest.version}?` });
    expect(dialog.textContent).toContain('Your clients keep getting what they get now.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/1/services', '_blank'));
    expect(cookies).toEqual([
      `atrium-preview=${token}; Path=/1; Expires=Tue, 24 Nov 2026 11:00:00 GMT; SameSite=Lax`,
    ]);
    expect(toasts[0]?.message).toBe(
      `Previewing catalog ${newest.version} in this browser until ${formatInstant('2026-11-24T11:00:00.000Z')}.`,
    );
    // The new tab was refused: a link opens it.
    expect(
      within(catalogRow).getByRole('link', { name: 'Open the catalog preview' }).getAttribute('href'),
    ).toBe('/1/services');
  });

  it("shows the server's reason when a change is refused", async () => {
    const toasts = collectToasts();
    const refusal =
      'Remote entries must come from an allowed origin; https://cdn.example is not one (REMOTE_ORIGINS).';
    graphqlFetch({
      StaffRemoteVersions: () => ({ data: { staffRemoteVersions: [catalog()] } }),
      StaffSetRemoteOverride: () => ({
        errors: [{ message: refusal, extensions: { code: 'BAD_USER_INPUT' } }],
      }),
    });
    show();
    const catalogRow = await row(/^Catalog/);
    fireEvent.click(within(catalogRow).getByRole('button', { name: 'Make live catalog' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make live' }),
    );
    expect(await within(catalogRow).findByText(refusal)).toBeTruthy();
    expect(toasts).toEqual([{ type: 'error', message: refusal }]);
  });

  it('says so when the versions cannot be loaded, with a retry', async () => {
    graphqlFetch({
      StaffRemoteVersions: () => ({
        errors: [{ message: 'Your role does not allow this.', extensions: { code: 'FORBIDDEN' } }],
      }),
    });
    show();
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
