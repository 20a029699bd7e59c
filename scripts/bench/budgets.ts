/** The performance budgets of the staff app; 1 KB = 1000 bytes. */
export const BUDGETS = {
  /** JS+CSS gzip before /app/home for a signed-in user. */
  initialGzipBytes: 140_000,
  /** That, divided by the gzip size of the libraries alone (the floor). */
  initialToFloor: 1.1,
  /** Median start of the appconfig request after navigation, loopback, no added latency. */
  appconfigStartMs: 100,
  /** Boot at 100 ms added API latency, divided by the latency floor. */
  bootToLatencyFloor: 1.2,
  /** Cumulative layout shift up to /app/home. */
  cls: 0,
  /** The added latency per API answer for the latency budget. */
  latencyMs: 100,
} as const;

/** ABP's Angular client, for comparison (same measurement: gzip JS+CSS before the user configuration; appconfig request time). */
export const ABP_ANGULAR = {
  initialGzipBytes: 638_000,
  appconfigStartMs: 390,
} as const;

/** The Dutch label of the busy indicator in index.html. */
export const BUSY_LABEL = 'Bezig met laden…';
