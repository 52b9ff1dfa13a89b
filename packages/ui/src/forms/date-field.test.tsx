import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumUiProvider } from '../atrium-ui-provider';
import { DateField } from './date-field';

function BirthDate({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <AtriumUiProvider primaryColor="#0EA5E9">
      <label htmlFor="dob">Date of Birth</label>
      <DateField id="dob" mode="birth" value={value} onChange={setValue} />
    </AtriumUiProvider>
  );
}

const field = () => screen.getByLabelText('Date of Birth') as HTMLInputElement;
const chooseYear = (year: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: 'Birth year' }), { target: { value: year } });

describe('DateField (birth)', () => {
  afterEach(cleanup);

  it('keeps a year chosen first for the month and day, never writing MM/DD into the field', () => {
    render(<BirthDate />);
    chooseYear('1985');
    expect(field().value).toBe('');
    expect(field().placeholder).toBe('MM/DD/1985');
    fireEvent.change(field(), { target: { value: '03' } });
    fireEvent.change(field(), { target: { value: '03/12' } });
    expect(field().value).toBe('03/12/1985');
  });

  it('changes only the year of a date typed in full', () => {
    render(<BirthDate initial="03/12/1990" />);
    chooseYear('1985');
    expect(field().value).toBe('03/12/1985');
  });
});
