import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setTransport } from '../request';

// The server has no window; the browser's transport comes back after the test.
afterEach(() => {
  vi.unstubAllGlobals();
  setTransport((input, init) => fetch(input, init));
});

describe('calls made while the server draws a page', () => {
  it('carry no timeout signal: each would keep a timer alive for the whole request timeout', async () => {
    vi.stubGlobal('window', undefined);
    const seen: (AbortSignal | null | undefined)[] = [];
    setTransport(async (_input, init) => {
      seen.push(init?.signal);
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: 1 }), { status: 200 });
    });
    for (let i = 0; i < 3; i += 1) expect((await request('/api/common/site-info')).data).toBe(1);
    expect(seen).toEqual([undefined, undefined, undefined]);
    const caller = new AbortController();
    await request('/api/common/site-info', { signal: caller.signal });
    expect(seen.at(-1)).toBe(caller.signal);
  });
});
