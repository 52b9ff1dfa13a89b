import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { jsonCodec } from './json-codec';
import { selectedProcedureSchema } from './schemas';

const cartCodec = jsonCodec(z.array(selectedProcedureSchema), []);

describe('jsonCodec', () => {
  it('encodes a value as JSON', () => {
    expect(cartCodec.encode([{ id: '7', addOnIds: ['9'] }])).toBe('[{"id":"7","addOnIds":["9"]}]');
  });

  it('encodes the default as undefined so the key is removed rather than stored', () => {
    expect(cartCodec.encode([])).toBeUndefined();
  });

  it('decodes a well-shaped stored value', () => {
    expect(cartCodec.decode('[{"id":"7","addOnIds":[]}]')).toEqual([{ id: '7', addOnIds: [] }]);
  });

  it('falls back to the default for text that is not JSON, without throwing', () => {
    expect(cartCodec.decode('{not json')).toEqual([]);
  });

  it('falls back to the default for JSON of the wrong shape', () => {
    expect(cartCodec.decode('[{"id":7}]')).toEqual([]);
  });
});
