import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score from 0 to 4; 3 means about 10^8 guesses ("safely unguessable" online, with our rate
 * limits), which refuses common passwords, keyboard walks, dates and words with digits stuck on.
 */
export const minimumPasswordScore = 3;

// The dictionaries take a moment to load: once, on first use.
let estimator: ZxcvbnFactory | undefined;

function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/**
 * Why a new password is too easy to guess, in the estimator's own words, or null when it is strong
 * enough. `userInputs` (the email, the names) count as known words: a password made of them is weak.
 */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | null {
  // Each input whole, its part before any @, and its words.
  const inputs = userInputs
    .flatMap((input) => [input, input.split('@')[0] ?? '', ...input.split(/[@.\s_+-]+/)])
    .filter((input) => input.length > 0);
  const result = passwordEstimator().check(password, inputs);
  if (result.score >= minimumPasswordScore) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `This password is too easy to guess.${why ? ` ${why}` : ' Try a longer one, or a few uncommon words.'}`;
}
