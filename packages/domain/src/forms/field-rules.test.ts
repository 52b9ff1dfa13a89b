import { describe, expect, it } from 'vitest';
import { anyCountryPhone, optionalText } from './field-rules';

describe('optional text', () => {
  const notes = optionalText('Notes', 10);

  it.each([undefined, null, '', '   '])('gives null for %j', (value) => {
    expect(notes.parse(value)).toBeNull();
  });

  it('trims what is given and names the limit past it', () => {
    expect(notes.parse('  side gate ')).toBe('side gate');
    expect(notes.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Notes must be at most 10 characters.',
    );
  });
});

describe('phone of any country', () => {
  const phone = anyCountryPhone({ required: 'Phone is required', invalid: 'Not a phone' });

  it('reads a national number as a US one and keeps a foreign one, E.164 out', () => {
    expect(phone.parse(' (212) 555-0142 ')).toBe('+12125550142');
    expect(phone.parse('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('asks for a phone when empty and refuses what is not one', () => {
    expect(phone.safeParse('  ').error?.issues[0]?.message).toBe('Phone is required');
    expect(phone.safeParse(undefined).error?.issues[0]?.message).toBe('Phone is required');
    expect(phone.safeParse('555').error?.issues[0]?.message).toBe('Not a phone');
  });
});
