import { GraphQLResponseError } from '@atrium/graphql-client';
import { describe, expect, it } from 'vitest';
import { asksForNewCode, extractPasscode, passcodeInput } from './passcode-text';

describe('a pasted code', () => {
  it.each([
    '246801',
    ' 246801\n',
    '246 801',
    '246-801',
    '246.801',
    '2 4 6 8 0 1',
    'Code: 246801',
    'Your Atrium code is 246801. It works once, for 10 minutes.',
  ])('takes the six digits of %j', (text) => {
    expect(extractPasscode(text)).toBe('246801');
  });

  it.each(['', 'Code:', '24680', '2468011', '246--801', 'call 212 555 0143'])(
    'finds no code in %j',
    (text) => {
      expect(extractPasscode(text)).toBeNull();
    },
  );

  it('keeps only digits typed into a one-box code input, at most six', () => {
    expect(passcodeInput('Code: 246-801')).toBe('246801');
    expect(passcodeInput('24a6')).toBe('246');
    expect(passcodeInput('24680199')).toBe('246801');
  });
});

describe('a spent code', () => {
  const refusal = (message: string, code: string) =>
    new GraphQLResponseError([{ message, extensions: { code } }], null, 200);

  it('is one the server refused as CODE_SPENT, whatever its message says', () => {
    expect(
      asksForNewCode(refusal('Too many incorrect codes. Please request a new code.', 'CODE_SPENT')),
    ).toBe(true);
    expect(asksForNewCode(refusal('This code has expired. Please request a new code.', 'CODE_SPENT'))).toBe(
      true,
    );
    expect(asksForNewCode(refusal('Incorrect code. You have 4 tries left.', 'UNAUTHENTICATED'))).toBe(false);
    expect(asksForNewCode(refusal('Please request a new code.', 'UNAUTHENTICATED'))).toBe(false);
    expect(asksForNewCode(null)).toBe(false);
  });
});
