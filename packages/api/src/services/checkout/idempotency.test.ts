import { describe, expect, it } from 'vitest';
import { fingerprint } from './idempotency';

describe('fingerprint', () => {
  it('is a SHA-256 of the value, whatever the order of its keys', () => {
    const value = { b: [1, { y: 'x', z: null }], a: 'text', c: undefined };
    expect(fingerprint(value)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint({ a: 'text', b: [1, { z: null, y: 'x' }] })).toBe(fingerprint(value));
  });

  it('tells apart values that differ anywhere', () => {
    const base = fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: [1, 2] });
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:30' }, ids: [1, 2] })).not.toBe(base);
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: [2, 1] })).not.toBe(base);
    expect(fingerprint({ when: { date: '2026-01-02', time: '10:00' }, ids: ['1', 2] })).not.toBe(base);
  });
});
