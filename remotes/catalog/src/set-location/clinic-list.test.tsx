import { AtriumUiProvider } from '@atrium/ui';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClinicList } from './clinic-list';

afterEach(cleanup);

describe('the clinic list', () => {
  it("shows each clinic's phone in national format, not as stored (E.164)", () => {
    render(
      <AtriumUiProvider primaryColor="#38BDF8">
        <ClinicList
          clinics={[
            { id: '1', name: 'Midtown', address: '350 5th Ave, New York, NY 10118', phone: '+12125550143' },
          ]}
          selectedId={null}
          onSelect={() => {}}
        />
      </AtriumUiProvider>,
    );
    expect(screen.getByText('(212) 555-0143')).toBeTruthy();
    expect(screen.queryByText('+12125550143')).toBeNull();
  });
});
