import { describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus';

interface TestEvents {
  ping: { n: number };
  pong: { n: number };
  empty: Record<string, never>;
}

describe('createEventBus', () => {
  it('delivers a payload to a handler of that type only', () => {
    const bus = createEventBus<TestEvents>();
    const pings: number[] = [];
    const pongs: number[] = [];
    bus.on('ping', ({ n }) => pings.push(n));
    bus.on('pong', ({ n }) => pongs.push(n));
    bus.emit('ping', { n: 1 });
    expect([pings, pongs]).toEqual([[1], []]);
  });

  it('delivers every event emitted synchronously in a row, in order', () => {
    const bus = createEventBus<TestEvents>();
    const seen: number[] = [];
    bus.on('ping', ({ n }) => seen.push(n));
    bus.emit('ping', { n: 1 });
    bus.emit('ping', { n: 2 });
    bus.emit('ping', { n: 3 });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('delivers identical payloads each time', () => {
    const bus = createEventBus<TestEvents>();
    const payload = { n: 1 };
    let count = 0;
    bus.on('ping', () => {
      count += 1;
    });
    bus.emit('ping', payload);
    bus.emit('ping', payload);
    expect(count).toBe(2);
  });

  it('delivers events emitted from inside a handler after the current one reaches every handler', () => {
    const bus = createEventBus<TestEvents>();
    const log: string[] = [];
    bus.on('ping', ({ n }) => {
      log.push(`a${n}`);
      if (n === 1) {
        bus.emit('ping', { n: 2 });
        bus.emit('pong', { n: 3 });
      }
    });
    bus.on('ping', ({ n }) => log.push(`b${n}`));
    bus.on('pong', ({ n }) => log.push(`pong${n}`));
    bus.emit('ping', { n: 1 });
    expect(log).toEqual(['a1', 'b1', 'a2', 'b2', 'pong3']);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createEventBus<TestEvents>();
    const seen: number[] = [];
    const off = bus.on('ping', ({ n }) => seen.push(n));
    bus.emit('ping', { n: 1 });
    off();
    bus.emit('ping', { n: 2 });
    expect(seen).toEqual([1]);
  });

  it('keeps delivering to other handlers when one throws, and reports the error', () => {
    const errors: Array<[string, string]> = [];
    const bus = createEventBus<TestEvents>({
      onHandlerError: (error, type) => errors.push([type, (error as Error).message]),
    });
    const seen: number[] = [];
    bus.on('ping', () => {
      throw new Error('boom');
    });
    bus.on('ping', ({ n }) => seen.push(n));
    bus.emit('ping', { n: 1 });
    bus.emit('ping', { n: 2 });
    expect([seen, errors]).toEqual([
      [1, 2],
      [
        ['ping', 'boom'],
        ['ping', 'boom'],
      ],
    ]);
  });

  it('lets an event without fields be emitted without a payload', () => {
    const bus = createEventBus<TestEvents>();
    const seen: unknown[] = [];
    bus.on('empty', (payload) => seen.push(payload));
    bus.emit('empty');
    expect(seen).toEqual([{}]);
  });
});
