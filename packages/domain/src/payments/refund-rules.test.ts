import { describe, expect, it } from 'vitest';
import {
  isRefundRequestKey,
  REFUND_MESSAGES,
  refundAmountProblem,
  refundFieldValue,
  refundTooLargeMessage,
} from './refund-rules';

describe('refund rules', () => {
  it('takes any whole number of cents from one cent to what is left', () => {
    expect(refundAmountProblem(1, 5000)).toBeNull();
    expect(refundAmountProblem(5000, 5000)).toBeNull();
  });

  it('refuses nothing, fractions of a cent, more than is left, and a payment with nothing left', () => {
    expect(refundAmountProblem(0, 5000)).toBe(REFUND_MESSAGES.amountPositive);
    expect(refundAmountProblem(-100, 5000)).toBe(REFUND_MESSAGES.amountPositive);
    expect(refundAmountProblem(10.5, 5000)).toBe(REFUND_MESSAGES.amountFormat);
    expect(refundAmountProblem(5001, 5000)).toBe(refundTooLargeMessage(5000));
    expect(refundTooLargeMessage(5000)).toBe('The most you can refund is $50.00.');
    expect(refundAmountProblem(1, 0)).toBe(REFUND_MESSAGES.nothingLeft);
  });

  it('reads the dollars staff type, exactly to the cent', () => {
    expect(refundFieldValue('12.34', 5000)).toEqual({ cents: 1234, problem: null });
    expect(refundFieldValue('$50', 5000)).toEqual({ cents: 5000, problem: null });
    expect(refundFieldValue('0.1', 5000)).toEqual({ cents: 10, problem: null });
    expect(refundFieldValue('12.345', 5000).problem).toBe(REFUND_MESSAGES.amountFormat);
    expect(refundFieldValue('', 5000).problem).toBe(REFUND_MESSAGES.amountFormat);
    expect(refundFieldValue('50.01', 5000).problem).toBe('The most you can refund is $50.00.');
  });

  it('knows a request key', () => {
    expect(isRefundRequestKey('3f2a9c1e-7b4d-4e8a-9c1f-2d3e4f5a6b7c')).toBe(true);
    expect(isRefundRequestKey('short')).toBe(false);
    expect(isRefundRequestKey('has spaces in it')).toBe(false);
  });
});
