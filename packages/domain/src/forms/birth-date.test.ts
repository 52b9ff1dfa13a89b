import { describe, expect, it } from 'vitest';
import { BIRTH_DATE_MESSAGES, birthDateError, checkBirthDate, maskBirthDateInput } from './birth-date';

const now = new Date('2026-11-22T12:00:00');

describe('birth date', () => {
  it.each([
    ['4/2/1990', '1990-04-02'],
    ['04/02/1990', '1990-04-02'],
    ['12/31/1990', '1990-12-31'],
    [' 1/5/1990 ', '1990-01-05'],
    ['2/29/2000', '2000-02-29'],
    ['1/1/1900', '1900-01-01'],
    ['11/22/2026', '2026-11-22'],
    ['1990-04-02', '1990-04-02'],
  ])('reads %j as %s', (typed, sent) => {
    expect(checkBirthDate(typed, now)).toEqual({ date: sent });
  });

  it.each(['42/19/90', '4/2/90', '4-2-1990', 'April 2 1990', '1/1/', '04021990'])(
    'asks for M/D/YYYY when %j is typed',
    (typed) => {
      expect(checkBirthDate(typed, now)).toEqual({ problem: 'format' });
    },
  );

  it.each(['02/30/1990', '2/29/1990', '13/01/1990', '0/5/1990', '4/0/1990', '4/31/1990', '1900-02-29'])(
    'calls %j not a real date',
    (typed) => {
      expect(checkBirthDate(typed, now)).toEqual({ problem: 'impossible' });
    },
  );

  it('refuses a year before the year list starts (1900)', () => {
    expect(checkBirthDate('01/01/1899', now)).toEqual({ problem: 'tooEarly' });
    expect(checkBirthDate('12/31/0999', now)).toEqual({ problem: 'tooEarly' });
  });

  it('refuses a date after today, counting today as fine', () => {
    expect(checkBirthDate('11/23/2026', now)).toEqual({ problem: 'future' });
    expect(checkBirthDate('1/1/2030', now)).toEqual({ problem: 'future' });
    expect(checkBirthDate('11/22/2026', now)).toEqual({ date: '2026-11-22' });
  });

  it('gives one precise message per problem', () => {
    expect(birthDateError('02/30/1990', now)).toBe('Enter a real date, like 4/2/1990');
    expect(birthDateError('01/01/1899', now)).toBe('Enter a year from 1900 on');
    expect(birthDateError('11/23/2026', now)).toBe('Date of Birth cannot be after today');
    expect(birthDateError('42/19/90', now)).toBe(BIRTH_DATE_MESSAGES.format);
    expect(birthDateError('4/2/1990', now)).toBeNull();
  });

  it.each([
    ['4/2/1990', '4/2/1990'],
    ['04021990', '04/02/1990'],
    ['01311990', '01/31/1990'],
    ['0131', '01/31'],
    ['013', '01/3'],
    ['12/311990', '12/31/1990'],
    ['12//31', '12/31'],
    ['ab12-31', '12/31'],
    ['01/31/19901', '01/31/1990'],
  ])('masks %j as %j', (typed, masked) => {
    expect(maskBirthDateInput('', typed)).toBe(masked);
  });

  it('leaves a deletion alone, so backspace can remove a slash', () => {
    expect(maskBirthDateInput('01/31/', '01/31')).toBe('01/31');
  });
});
