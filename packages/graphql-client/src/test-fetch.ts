/** A recorded call of the fake fetch. */
export interface FetchCall {
  url: string;
  init: RequestInit;
}

/**
 * A fake fetch for tests: records each call and answers with the given responses in turn (the last
 * one repeats). No network is touched.
 */
export function fakeFetch(...responses: Array<() => Response>) {
  const calls: FetchCall[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({ url: String(input), init });
    const respond = responses[Math.min(calls.length, responses.length) - 1];
    if (!respond) throw new Error('fakeFetch has no response to give');
    return respond();
  };
  return { fetch: fetchImpl as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that never answers but rejects once its signal aborts, as the browser's does. */
export function hangingFetch() {
  const signals: AbortSignal[] = [];
  const fetchImpl = (_input: RequestInfo | URL, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      const { signal } = init;
      if (signal) {
        signals.push(signal);
        signal.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }
    });
  return { fetch: fetchImpl as typeof fetch, signals };
}
