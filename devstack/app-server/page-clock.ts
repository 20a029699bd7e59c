// A clock the test moves, for the engines whose drivers have none (Firefox
// over BiDi, WebKit over classic WebDriver; Chromium's tests use
// Playwright's). In test mode, on a stack started with `pageClock`, the app
// server puts this script first in the <head> of every page it sends, before
// the app's modules: Date, setTimeout and setInterval then read the page's
// clock, which runs with the real one and is moved by the test as
// Playwright's is:
//
// - `runFor(ms)`: the clock goes ms ahead, and every timer due by then runs
//   in order, one task each (an hour's wait in a moment);
// - `setSystemTime(ms)`: the wall clock (Date) is set, and the timers keep
//   their own schedule, so none runs early: a laptop that slept.
//
// The clock is the origin's, as Playwright's is the browser context's: where
// Date stands is kept in localStorage, so a page after a navigation or in
// another tab starts at the same time, and a page hears (the `storage` event)
// when another tab's clock was moved, and runs its own timers as far. A file
// of the app's own origin, so the CSP's `script-src 'self'` lets it run and
// no hash changes; it writes no HTML, so Trusted Types have nothing to say.

/** Where the script is served. */
export const PAGE_CLOCK_PATH = '/__page-clock.js';

/** The localStorage key of the origin's clock: `{ shift, ran }`, how far Date is from the real clock and how far the clock was run, in ms. */
export const PAGE_CLOCK_KEY = '__page-clock';

export const PAGE_CLOCK_SCRIPT = `(() => {
  const key = ${JSON.stringify(PAGE_CLOCK_KEY)};
  const RealDate = Date;
  const realNow = () => RealDate.now();
  const realSetTimeout = globalThis.setTimeout.bind(globalThis);
  const realClearTimeout = globalThis.clearTimeout.bind(globalThis);
  const stored = () => {
    try {
      const { shift, ran } = JSON.parse(localStorage.getItem(key) ?? '{}');
      return { shift: Number(shift) || 0, ran: Number(ran) || 0 };
    } catch {
      return { shift: 0, ran: 0 };
    }
  };
  let clock = stored();
  /** How far this page's timers were run: a page keeps its timers' schedule of its own. */
  let ahead = 0;
  const now = () => realNow() + clock.shift;
  const timerNow = () => realNow() + ahead;
  const timers = new Map();
  let lastId = 0;

  const arm = (id, timer) => {
    timer.real = realSetTimeout(() => fire(id), Math.max(0, timer.due - timerNow()));
  };
  const fire = (id) => {
    const timer = timers.get(id);
    if (!timer) return;
    realClearTimeout(timer.real);
    if (timer.every === undefined) timers.delete(id);
    else {
      timer.due += timer.every;
      arm(id, timer);
    }
    try {
      if (typeof timer.handler === 'function') timer.handler(...timer.args);
    } catch (error) {
      reportError(error);
    }
  };
  const add = (handler, ms, args, repeats) => {
    const delay = Math.max(0, Number(ms) || 0);
    const id = (lastId += 1);
    const timer = { handler, args, due: timerNow() + delay, every: repeats ? Math.max(delay, 1) : undefined, real: undefined };
    timers.set(id, timer);
    arm(id, timer);
    return id;
  };
  const remove = (id) => {
    const timer = timers.get(id);
    if (!timer) return;
    realClearTimeout(timer.real);
    timers.delete(id);
  };
  globalThis.setTimeout = (handler, ms, ...args) => add(handler, ms, args, false);
  globalThis.setInterval = (handler, ms, ...args) => add(handler, ms, args, true);
  globalThis.clearTimeout = remove;
  globalThis.clearInterval = remove;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });

  /** A task of its own (a message: no browser defers one as it may a timer). */
  const nextTask = () =>
    new Promise((resolve) => {
      const task = new MessageChannel();
      task.port1.onmessage = resolve;
      task.port2.postMessage(undefined);
    });
  /** Runs this page's timers ms further, each due one in its own task, in the order they are due. */
  const runTimers = async (ms) => {
    ahead += ms;
    for (let count = 0; count < 100000; count += 1) {
      let next;
      for (const [id, timer] of timers) if (timer.due <= timerNow() && (next === undefined || timer.due < timers.get(next).due)) next = id;
      if (next === undefined) break;
      fire(next);
      await nextTask();
    }
    // The rest wait as long as is left on the moved clock.
    for (const [id, timer] of timers) {
      realClearTimeout(timer.real);
      arm(id, timer);
    }
  };
  const keep = () => localStorage.setItem(key, JSON.stringify(clock));

  addEventListener('storage', (event) => {
    if (event.key !== key) return;
    const before = clock.ran;
    clock = stored();
    if (clock.ran > before) void runTimers(clock.ran - before);
  });

  let running = 0;
  Object.defineProperty(globalThis, '__pageClock', {
    value: Object.freeze({
      /**
       * Starts in a task of its own, after the script that asked for it has
       * ended: a driver that waits for a script with a timer of the page's
       * (WebKit's) would otherwise see its own time-out run with the clock.
       * The promise settles when the run is over, and \`running\` says so.
       */
      runFor: (ms) => {
        running += 1;
        return nextTask()
          .then(() => {
            clock = { shift: clock.shift + ms, ran: clock.ran + ms };
            keep();
            return runTimers(ms);
          })
          .finally(() => (running -= 1));
      },
      get running() {
        return running > 0;
      },
      setSystemTime: (ms) => {
        clock = { ...clock, shift: ms - realNow() };
        keep();
      },
    }),
  });
})();
`;

/** The page with the clock's script first in its <head>. */
export function withPageClock(html: string): string {
  return html.replace(/<head\b[^>]*>/i, (head) => `${head}<script src="${PAGE_CLOCK_PATH}"></script>`);
}
