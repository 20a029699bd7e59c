/** The performance budgets of the staff app; 1 KB = 1000 bytes. */
export const BUDGETS = {
  /** JS+CSS gzip before /app/home for a signed-in user. */
  initialGzipBytes: 140_000,
  /** That, divided by the gzip size of the libraries alone (the floor). */
  initialToFloor: 1.1,
  /** Median start of the appconfig request (loopback, no added latency), divided by the machine floor: a bare index.html whose one script sends it. */
  appconfigToMachineFloor: 1.1,
  /** JS+CSS as fetched before /app/home in a signed-in start (median), divided by the library floor. */
  fetchedToFloor: 1.1,
  /** The same-origin layout (docs/deploy.md): CORS preflights before /app/home, in a first start and in a sign-in. */
  sameOriginPreflights: 0,
  /** The same-origin layout: boot at 100 ms added API latency, divided by its latency floor (appconfig → GetAll → Session, no preflight). */
  sameOriginBootToLatencyFloor: 1.1,
  /** Boot at 100 ms added API latency, divided by the latency floor. */
  bootToLatencyFloor: 1.2,
  /** A second visit (service worker warm) at 100 ms added API latency, divided by its own latency floor. */
  secondVisitToLatencyFloor: 1.1,
  /** Sign-in, callback to /app/home at 100 ms added API latency, divided by the floor of the requests a sign-in needs. */
  signInToFloor: 1.15,
  /** How much longer the start may get with a bigger GetAll, divided by how much longer GetAll itself takes. */
  scaleBootToTransfer: 1.1,
  /** The longest main-thread task while GetAll's answer is read (from its last byte to the Session request). */
  longTaskMs: 50,
  /**
   * Gebruikers among 5,000 staff on Lighthouse's mobile preset: the first
   * search result, from the list's first request, divided by that request
   * (one page of User/GetAll, alone in flight). The first page is all the
   * first result should wait for; what is left is reading it, indexing it
   * and drawing one page of results on a CPU 4 times slower.
   */
  searchFirstToPage: 2,
  /** Requests to the API for a search in Gebruikers once its list is read. */
  searchLaterRequests: 0,
  /** Bytes per second of the link for the GetAll scale runs: 10 Mbit/s, Lighthouse's desktop link. */
  scaleThroughput: 1_250_000,
  /** Lighthouse 12, median over the runs: performance score (0–100), each preset. A goal, reported: it moves with the machine's speed. */
  lighthousePerformance: 95,
  /** Lighthouse accessibility and best-practices scores, every run. */
  lighthouseAccessibility: 100,
  lighthouseBestPractices: 100,
  /** Lighthouse's total blocking time, median over the runs. A goal, reported (it moves with the machine's speed); mobile is held to the floor page below. */
  lighthouseTbtMs: 150,
  /** Lighthouse mobile, largest contentful paint (median) per page: a phone on slow 4G. Goals, reported; held to the floor page below. */
  lighthouseMobileLcpMs: { login: 2000, home: 2500 },
  /** Lighthouse mobile: total blocking time (median) at most the floor page's (median, the same run) plus this. */
  lighthouseTbtAboveFloorMs: 50,
  /** Lighthouse mobile: LCP (median) at most this times the floor page's, plus the spec's API round trips at the preset's RTT. */
  lighthouseLcpToFloor: 1.2,
  /** The spec's API requests one after the other before Home (appconfig → GetAll → Session), each a round trip the floor page does not make. */
  startRoundTrips: 3,
  /** The start at Lighthouse's mobile CPU slowdown (4x): its longest main-thread task before LCP (median) at most the floor page's plus this. */
  longestTaskAboveFloorMs: 50,
  /** The service worker's precache, what every phone downloads at its install: at most this many files… */
  precacheFiles: 90,
  /** …of at most these bytes, raw as the Cache Storage holds them. */
  precacheRawBytes: 620_000,
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

/**
 * index.html as fetched (gzip): the shell, its inline style and its inline script (the early requests), which the JS+CSS sets leave out.
 * The script is built from the app's own code (src/config/earlyRequests.ts): it decodes cookies and checks the API's address as
 * start-up does, about 0.5 KB gzip more than the hand-minified copy it replaced.
 */
export const INDEX_HTML_GZIP_BYTES = 2300;

/** The Dutch label of the busy indicator in index.html. */
export const BUSY_LABEL = 'Bezig met laden…';
