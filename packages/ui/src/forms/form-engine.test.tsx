import type { FormGroup } from '@atrium/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AtriumUiProvider } from '../atrium-ui-provider';
import { FormEngine } from './form-engine';
import { useFormEngine } from './use-form-engine';

const groups: FormGroup[] = [
  {
    id: 'you',
    label: 'About you',
    fields: [
      {
        id: 'givenName',
        label: 'First Name',
        type: 'text',
        isRequired: true,
        requiredMessage: 'Name is required',
      },
      {
        id: 'phone',
        label: 'Phone',
        type: 'phone',
        isRequired: true,
        requiredMessage: 'Phone is required',
        invalidMessage: 'Please provide a valid US phone number',
      },
      { id: 'goal', label: 'Goal', type: 'select', options: [{ label: 'Energy', value: 'energy' }] },
      {
        id: 'extras',
        label: 'Extras',
        type: 'multiselect',
        options: [
          { label: 'Music', value: 'music' },
          { label: 'Quiet room', value: 'quiet' },
        ],
      },
    ],
  },
];

let sent: unknown = null;

function Form() {
  const form = useFormEngine(groups);
  return (
    <AtriumUiProvider primaryColor="#38BDF8">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.validate()) sent = form.normalized();
        }}
      >
        <FormEngine groups={groups} values={form.values} errors={form.errors} onChange={form.setValue} />
        <button type="submit">Send</button>
      </form>
    </AtriumUiProvider>
  );
}

describe('FormEngine', () => {
  afterEach(() => {
    cleanup();
    sent = null;
  });

  it('shows each required message and sends nothing when fields are empty', () => {
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Phone is required')).toBeTruthy();
    expect(sent).toBeNull();
  });

  it('shows the invalid message for a bad phone and clears errors as the client fixes them', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText(/First Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '555' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please provide a valid US phone number')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '(201) 555-0143' } });
    expect(screen.queryByText('Please provide a valid US phone number')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(sent).toEqual({ givenName: 'Ada', phone: '+12015550143', goal: null, extras: null });
  });

  it("names each of a multiselect's checkboxes by its own option, in a group named by the field", () => {
    render(<Form />);
    const group = screen.getByRole('group', { name: 'Extras' });
    const boxes = Array.from(group.querySelectorAll('input[type="checkbox"]'));
    expect(screen.getByRole('checkbox', { name: 'Music' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Quiet room' })).toBeTruthy();
    expect(new Set(boxes.map((box) => box.id)).size).toBe(2);
  });

  it('formats a phone field nationally as the client types', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText(/Phone/), { target: { value: '2015550143' } });
    expect((screen.getByLabelText(/Phone/) as HTMLInputElement).value).toBe('(201) 555-0143');
  });
});
