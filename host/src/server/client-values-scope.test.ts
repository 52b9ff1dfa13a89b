import { $marketplaceId } from '@atrium/stores';
import { describe, expect, it } from 'vitest';
import { createClientValuesScope, createTaskQueue } from './client-values-scope';

describe('a request’s client values on the server', () => {
  it('are in the stores while its work runs, and the defaults are back afterwards', async () => {
    const withClientValues = createClientValuesScope();
    const seen = await withClientValues({ 'marketplace-id': '"4"' }, () => $marketplaceId.get());
    expect(seen).toBe('4');
    expect($marketplaceId.get()).toBeNull();
  });

  it('are cleared even when the work fails', async () => {
    const withClientValues = createClientValuesScope();
    const failing = withClientValues({ 'marketplace-id': '"4"' }, () => {
      throw new Error('render failed');
    });
    await expect(failing).rejects.toThrow('render failed');
    expect($marketplaceId.get()).toBeNull();
  });

  it('take turns: a second request’s values wait until the first one’s work is done', async () => {
    const withClientValues = createClientValuesScope();
    const seen: (string | null)[] = [];
    const first = withClientValues({ 'marketplace-id': '"1"' }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen.push($marketplaceId.get());
    });
    const second = withClientValues({ 'marketplace-id': '"2"' }, () => {
      seen.push($marketplaceId.get());
    });
    await Promise.all([first, second]);
    expect(seen).toEqual(['1', '2']);
  });
});

describe('the task queue', () => {
  it('runs the next task after one that failed', async () => {
    const run = createTaskQueue();
    const failed = run(() => Promise.reject(new Error('no')));
    const next = run(() => 'ran');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('ran');
  });
});
