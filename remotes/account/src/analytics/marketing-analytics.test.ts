import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_LOAD_TIMEOUT_MS,
  ANALYTICS_POLL_INTERVAL_MS,
  type AnalyticsWindow,
  identifyMarketingUser,
  type MarketingAnalyticsConfig,
  type MarketingIdentity,
  thirdPartyIdentity,
} from './marketing-analytics';

const identity: MarketingIdentity = {
  email: 'jane.doe@example.com',
  f_name: 'Jane',
  l_name: 'Doe',
  phone: '+12125550142',
  source_id: 'google-oauth',
};
const config: MarketingAnalyticsConfig = { scriptHost: 'https://analytics.example/', partnerHash: 'p4rtn3r' };

/** A window whose document records the scripts added to it; setInterval is the (fake) global one. */
function fakeWindow() {
  const scripts: Array<{ src: string; async: boolean; onerror: (() => void) | null }> = [];
  const win = {
    document: {
      createElement: () => ({ src: '', async: false, onerror: null }),
      head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) },
    },
    setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
  } as unknown as AnalyticsWindow & Record<string, unknown>;
  return { win, scripts };
}

const logger = () => ({ error: vi.fn() });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('marketing-analytics identification', () => {
  it('is off unless configured: nothing loads', async () => {
    const { win, scripts } = fakeWindow();
    const log = logger();
    await identifyMarketingUser(identity, { config: null, marketplaceId: '1', win, logger: log });
    expect(scripts).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('loads the script by partner hash and marketplace id, waits for it, then identifies', async () => {
    const { win, scripts } = fakeWindow();
    const identify = vi.fn();
    const done = identifyMarketingUser(identity, { config, marketplaceId: '1', win, logger: logger() });
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.src).toBe('https://analytics.example/p4rtn3r.js?marketplace_id=1');

    await vi.advanceTimersByTimeAsync(3 * ANALYTICS_POLL_INTERVAL_MS);
    expect(identify).not.toHaveBeenCalled();
    win.marketingAnalytics = { identify };
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_INTERVAL_MS);
    await done;
    expect(identify).toHaveBeenCalledWith(identity);
  });

  it('reuses a script already on the page', async () => {
    const { win, scripts } = fakeWindow();
    const identify = vi.fn();
    win.marketingAnalytics = { identify };
    await identifyMarketingUser(identity, { config, marketplaceId: '1', win, logger: logger() });
    expect([scripts.length, identify.mock.calls.length]).toEqual([0, 1]);
  });

  it('logs a load timeout after 10 s of polling every 100 ms', async () => {
    expect([ANALYTICS_LOAD_TIMEOUT_MS, ANALYTICS_POLL_INTERVAL_MS]).toEqual([10_000, 100]);
    const { win } = fakeWindow();
    const log = logger();
    let settled = false;
    const done = identifyMarketingUser(identity, { config, marketplaceId: '1', win, logger: log }).then(
      () => {
        settled = true;
      },
    );
    await vi.advanceTimersByTimeAsync(ANALYTICS_LOAD_TIMEOUT_MS - ANALYTICS_POLL_INTERVAL_MS);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(ANALYTICS_POLL_INTERVAL_MS);
    await done;
    expect(log.error).toHaveBeenCalledWith('Marketing analytics: load timeout', expect.anything());
  });

  it('logs a missing partner hash without loading anything', async () => {
    const { win, scripts } = fakeWindow();
    const log = logger();
    await identifyMarketingUser(identity, {
      config: { ...config, partnerHash: null },
      marketplaceId: '1',
      win,
      logger: log,
    });
    expect(scripts).toEqual([]);
    expect(log.error).toHaveBeenCalledWith('Marketing analytics: missing partner hash', expect.anything());
  });

  it('logs a missing marketplace id without loading anything', async () => {
    const { win, scripts } = fakeWindow();
    const log = logger();
    await identifyMarketingUser(identity, { config, marketplaceId: null, win, logger: log });
    expect(scripts).toEqual([]);
    expect(log.error).toHaveBeenCalledWith('Marketing analytics: missing marketplace id', expect.anything());
  });

  it('logs a script that fails to load, and stops polling', async () => {
    const { win, scripts } = fakeWindow();
    const log = logger();
    const done = identifyMarketingUser(identity, { config, marketplaceId: '1', win, logger: log });
    scripts[0]?.onerror?.();
    await done;
    expect(log.error).toHaveBeenCalledWith('Marketing analytics: failed to load', expect.anything());
    expect(vi.getTimerCount()).toBe(0);
  });

  it('only logs when identify itself throws', async () => {
    const { win } = fakeWindow();
    const log = logger();
    win.marketingAnalytics = {
      identify: () => {
        throw new Error('blocked');
      },
    };
    await expect(
      identifyMarketingUser(identity, { config, marketplaceId: '1', win, logger: log }),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith('Marketing analytics: identify failed', expect.any(Error));
  });
});

describe('thirdPartyIdentity', () => {
  it('names the provider as source_id and sends empty strings for what is unknown', () => {
    expect(thirdPartyIdentity({ email: 'a@b.co', givenName: 'A', familyName: null }, 'APPLE')).toEqual({
      email: 'a@b.co',
      f_name: 'A',
      l_name: '',
      phone: '',
      source_id: 'apple-oauth',
    });
    expect(thirdPartyIdentity({ email: 'a@b.co' }, 'GOOGLE').source_id).toBe('google-oauth');
  });
});
