import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { PAGE_CLOCK_KEY, PAGE_CLOCK_SCRIPT } from '../../devstack/app-server/page-clock.ts';

// The page clock the test stack puts in the app's pages for Firefox and
// WebKit (devstack/app-server/page-clock.ts), run as a page runs it: its own
// globals, the origin's localStorage shared with the other pages.

interface PageClock {
  runFor(ms: number): Promise<void>;
  setSystemTime(ms: number): void;
}

interface Page {
  clock: PageClock;
  /** The page's own globals, read through it. */
  run<T>(source: string): T;
  /** Another page of the origin changed the clock (the browser's `storage` event). */
  storageChanged(): void;
  errors: unknown[];
}

function openPage(storage: Map<string, string>): Page {
  const listeners: ((event: { key: string }) => void)[] = [];
  const errors: unknown[] = [];
  const context = {
    setTimeout,
    clearTimeout,
    MessageChannel,
    localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
    addEventListener: (type: string, listener: (event: { key: string }) => void) => type === 'storage' && listeners.push(listener),
    reportError: (error: unknown) => errors.push(error),
  };
  runInNewContext(PAGE_CLOCK_SCRIPT, context);
  const run = <T>(source: string) => runInNewContext(source, context) as T;
  return {
    clock: run<PageClock>('__pageClock'),
    run,
    storageChanged: () => listeners.forEach((listener) => listener({ key: PAGE_CLOCK_KEY })),
    errors,
  };
}

const HOUR = 3_600_000;
const task = () => new Promise((resolve) => setImmediate(resolve));

describe('the page clock', () => {
  it('runs every timer due within runFor, in the order they are due, and Date goes as far', async () => {
    const page = openPage(new Map());
    const before = page.run<number>('Date.now()');
    page.run(`globalThis.seen = [];
      setTimeout(() => seen.push('a at 60 s'), 60_000);
      setTimeout((what) => seen.push(what), 1_000, 'b at 1 s');
      const every = setInterval(() => seen.push('c every 25 s'), 25_000);
      const never = setTimeout(() => seen.push('cleared'), 2_000);
      clearTimeout(never);`);
    await page.clock.runFor(61_000);
    expect(page.run<string[]>('seen')).toEqual(['b at 1 s', 'c every 25 s', 'c every 25 s', 'a at 60 s']);
    expect(page.run<number>('Date.now()') - before).toBeGreaterThanOrEqual(61_000);
    expect(page.run<number>('new Date().getTime()') - before).toBeGreaterThanOrEqual(61_000);
    expect(page.run<number>('new Date(0).getTime()')).toBe(0);
    expect(page.run<boolean>('new Date() instanceof Date')).toBe(true);
  });

  it('keeps running a timer that throws, and reports the error as the page would', async () => {
    const page = openPage(new Map());
    page.run(`globalThis.seen = [];
      setTimeout(() => { throw new Error('broken'); }, 10);
      setTimeout(() => seen.push('after'), 20);`);
    await page.clock.runFor(100);
    expect(page.run<string[]>('seen')).toEqual(['after']);
    expect(page.errors).toHaveLength(1);
  });

  it('sets the wall clock with setSystemTime and keeps the timers to their own schedule', async () => {
    const page = openPage(new Map());
    const later = page.run<number>('Date.now()') + HOUR;
    page.run(`globalThis.seen = []; setTimeout(() => seen.push('due in 10 s'), 10_000);`);
    page.clock.setSystemTime(later);
    await task();
    expect(page.run<number>('Date.now()')).toBeGreaterThanOrEqual(later);
    expect(page.run<string[]>('seen')).toEqual([]);
    await page.clock.runFor(10_000);
    expect(page.run<string[]>('seen')).toEqual(['due in 10 s']);
  });

  it("is the origin's: a page loaded later starts where the clock stands, and a page open meanwhile runs its timers as far", async () => {
    const storage = new Map<string, string>();
    const first = openPage(storage);
    const second = openPage(storage);
    second.run(`globalThis.seen = []; setTimeout(() => seen.push('due in 30 s'), 30_000);`);
    await first.clock.runFor(HOUR);
    second.storageChanged();
    await expect.poll(() => second.run<string[]>('seen')).toEqual(['due in 30 s']);
    const third = openPage(storage);
    expect(third.run<number>('Date.now()') - Date.now()).toBeGreaterThanOrEqual(HOUR - 1_000);
  });
});
