import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequestCount, requestsUnderWay } from '../../src/abp/activity.ts';
import { createAbpClient } from '../../src/abp/client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests under way', () => {
  it('counts a request from its start to its answer, also when it fails', async () => {
    let answer: ((response: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const counts: number[] = [];
    const stop = onRequestCount((count) => counts.push(count));
    const client = createAbpClient({
      baseUrl: 'http://api.test',
      headers: () => ({ tenantHeaderName: 'Abp-TenantId', tenantId: undefined, cultureName: 'nl', token: undefined }),
    });
    const pending = client.get('api/x').catch(() => undefined);
    await vi.waitFor(() => expect(answer).toBeDefined());
    expect(requestsUnderWay()).toBe(1);
    answer!(new Response('<html>', { status: 502 }));
    await pending;
    stop();
    expect(requestsUnderWay()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });
});
