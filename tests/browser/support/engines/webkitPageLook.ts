import { PAGE_LOG_KEY } from '../../../../devstack/app-server/page-log.ts';
import type { SeenMessage } from './tab.ts';

// WebKit's classic WebDriver shows neither the page's requests nor its
// console: the WebKit tab looks at the page instead, every 250 ms and after
// each action, with this script.

/** What one look at the page finds. */
export interface PageLook {
  href: string;
  /** The document's `performance.timeOrigin`: a new one is a new document. */
  origin: number;
  fresh: boolean;
  /** How many resources the document has fetched so far. */
  count: number;
  /** The resources fetched since the last look. */
  entries: string[];
  /** The page's own log of its errors and warnings (the test stack's page-log.ts), each with an id. */
  log: Array<SeenMessage & { id: string }>;
}

/** The page's address, per document the resources it has fetched so far (Resource Timing), and the page's own log. */
export const WATCH_IN_PAGE = `
  const [origin, seen] = arguments;
  const fresh = performance.timeOrigin !== origin;
  const entries = performance.getEntriesByType('resource').slice(fresh ? 0 : seen).map((entry) => entry.name);
  let log = [];
  try {
    log = JSON.parse(sessionStorage.getItem(${JSON.stringify(PAGE_LOG_KEY)}) ?? '[]');
  } catch {}
  return { href: location.href, origin: performance.timeOrigin, fresh, count: performance.getEntriesByType('resource').length, entries, log };
`;

/** The page's log entries taken into a tab's console once each: the log stays in sessionStorage and every look reads it whole. */
export class PageLog {
  private readonly taken = new Set<string>();
  constructor(private readonly console: SeenMessage[]) {}

  take(entries: PageLook['log']): void {
    for (const { id, type, text } of entries) {
      if (!this.taken.has(id)) this.console.push({ type, text });
      this.taken.add(id);
    }
  }
}
