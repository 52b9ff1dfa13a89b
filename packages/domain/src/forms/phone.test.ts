import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatUsPhone,
  formatUsPhoneInput,
  parseAnyCountryPhone,
  parseUsPhone,
  phoneHref,
} from './phone';

describe('US phones', () => {
  it('stores a national-format number as E.164', () => {
    expect(parseUsPhone('(201) 555-0143')).toEqual({ e164: '+12015550143' });
    expect(parseUsPhone('201.555.0143')).toEqual({ e164: '+12015550143' });
  });

  it.each([
    ['2125550142', '+12125550142'],
    ['(212) 555-0142', '+12125550142'],
    ['+1 212 555 0142', '+12125550142'],
  ])('reads %j as %s', (typed, e164) => {
    expect(parseUsPhone(typed)).toEqual({ e164 });
  });

  it.each(['', '555', '1234567890123456789', 'call me'])('has no number in %j', (typed) => {
    expect('problem' in parseUsPhone(typed)).toBe(true);
  });

  it('says why a number is refused', () => {
    expect(parseUsPhone('201555')).toEqual({ problem: 'TOO_SHORT' });
    expect(parseUsPhone('2015550143999')).toEqual({ problem: 'TOO_LONG' });
    expect(parseUsPhone('call me')).toEqual({ problem: 'NOT_A_NUMBER' });
  });

  it('shows a stored number in national format', () => {
    expect(formatUsPhone('+12125550143')).toBe('(212) 555-0143');
    expect(formatUsPhone('212-555-0143')).toBe('(212) 555-0143');
    expect(formatUsPhone('ask at the desk')).toBe('ask at the desk');
    expect(formatUsPhone('+12125550142')).toBe('(212) 555-0142');
  });

  it('links a stored number for calling', () => {
    expect(phoneHref('+12125550143')).toBe('tel:+12125550143');
    expect(phoneHref('(212) 555-0143')).toBe('tel:+12125550143');
  });

  it('formats the phone input nationally as the client types, leaving deletions alone', () => {
    expect(formatUsPhoneInput('', '2125550142')).toBe('(212) 555-0142');
    expect(formatUsPhoneInput('(212) 555-014', '(212) 555-0142')).toBe('(212) 555-0142');
    expect(formatUsPhoneInput('(212) 555-0142', '(212) 555-014')).toBe('(212) 555-014');
    expect(formatUsPhoneInput('(212)', '(212')).toBe('(212');
    expect(formatUsPhoneInput('', '1'.repeat(300)).length).toBeLessThanOrEqual(250);
  });
});

describe('phones of any country', () => {
  it.each([
    ['(212) 555-0142', '+12125550142'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 416 555 0199', '+14165550199'],
  ])('reads %j as %s, a number without country code as a US one', (typed, e164) => {
    expect(parseAnyCountryPhone(typed)).toBe(e164);
  });

  it.each(['', '123', '555', '+44 20', 'call me'])('has no number in %j', (typed) => {
    expect(parseAnyCountryPhone(typed)).toBeNull();
  });

  it('shows a US number nationally and any other with its country code', () => {
    expect(formatPhone('+12125550100')).toBe('(212) 555-0100');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('+14165550199')).toBe('+1 416 555 0199');
    expect(formatPhone('ask at the desk')).toBe('ask at the desk');
  });
});
