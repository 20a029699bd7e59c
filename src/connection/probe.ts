/** How long one attempt to reach the API may take. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Whether the API answers at all: any HTTP answer counts, so the request
 * needs no CORS and no ABP endpoint (an opaque `no-cors` response); only no
 * connection or no answer in time rejects.
 */
export async function probe(baseUrl: string): Promise<void> {
  await fetch(baseUrl, {
    method: 'HEAD',
    mode: 'no-cors',
    cache: 'no-store',
    credentials: 'omit',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
}
