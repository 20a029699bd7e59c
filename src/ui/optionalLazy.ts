import { createElement, lazy, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { whenConnectionBack } from '../connection/connectionBack.ts';
import { withPages } from '../i18n/withPages.ts';
import { logError } from '../lib/log.ts';

let loading = 0;
const waiting = new Set<() => void>();

/** After the next frame: the part that just loaded is drawn and painted by then. */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

function settle(): void {
  loading -= 1;
  if (loading > 0) return;
  afterNextPaint(() => {
    if (loading === 0) for (const finish of [...waiting]) finish();
  });
}

/**
 * Settles once no optional part is loading and the last one has been drawn,
 * at the latest after `atMostMs`:
 * what may wait (preloading, the token's life) then does not share a phone's
 * line and CPU with the parts of the first page, such as Home's tiles.
 */
export function whenPartsLoaded(atMostMs = 3000): Promise<void> {
  if (loading === 0) return Promise.resolve();
  return new Promise((done) => {
    const finish = () => {
      clearTimeout(timer);
      waiting.delete(finish);
      done();
    };
    const timer = setTimeout(finish, atMostMs);
    waiting.add(finish);
  });
}

/**
 * A part's code with the `pages` catalog, counted while it loads; undefined
 * (logged) when it cannot be fetched. Counted at once, asked for in a task
 * of its own: a part starts as the page around it renders, and asking for
 * its files (a dozen preload and stylesheet links) inside that render made
 * one long task of it on a phone.
 */
function loadPart<P>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P> | undefined> {
  loading += 1;
  return new Promise((next) => setTimeout(next, 0))
    .then(() => withPages(load))
    .catch((error: unknown) => {
      logError('load', error);
      return undefined;
    })
    .finally(settle);
}

/**
 * A lazily loaded part (with the `pages` catalog) the page can do without or
 * stand in for: when its code cannot be fetched it logs and renders
 * `fallback` (by default nothing) instead of taking the whole page down.
 */
export function optionalLazy<P extends object = object>(load: () => Promise<ComponentType<P>>, fallback: ComponentType<P> = () => null) {
  return lazy<ComponentType<P>>(() => loadPart(load).then((component) => ({ default: component ?? fallback })));
}

/**
 * A lazily loaded part the page draws without waiting for it: nothing until
 * its code (with the `pages` catalog) is there, then the part, in the next
 * ordinary render. Unlike `optionalLazy` it never suspends, so React does not
 * hold it back to reveal it together with later content (its Suspense
 * throttle of about 300 ms): Home's tiles, the largest thing on a phone's
 * first screen, appear as soon as they can. Its code loads at the first
 * render; when it cannot be fetched it logs, draws `fallback`, and loads
 * again once the connection is back, a few times while it settles: a part lost to a dropped connection
 * (the session's banner, the person's menu, Home's tiles) is not lost for
 * the rest of the page's life.
 */
export function optionalPart<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ComponentType<P> = () => null,
): (props: P) => ReactNode {
  let loaded: ComponentType<P> | undefined;
  let started = false;
  const listeners = new Set<() => void>();
  const start = () => {
    if (started) return;
    started = true;
    const show = (component: ComponentType<P>) => {
      loaded = component;
      for (const listener of listeners) listener();
    };
    void loadPart(load).then((component) => {
      show(component ?? fallback);
      if (component) return;
      const stop = whenConnectionBack(async () => {
        const again = await loadPart(load);
        if (!again) return false;
        stop();
        show(again);
        return true;
      });
    });
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return function OptionalPart(props: P) {
    start();
    const Component = useSyncExternalStore(subscribe, () => loaded);
    return Component ? createElement(Component, props) : null;
  };
}
