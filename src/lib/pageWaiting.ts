/**
 * Whether the page on screen could not be loaded for want of a connection
 * and waits for it (the route's error screen says so). The connection
 * banner reads it, so that it does not say "the page stays as it is" above
 * a page that is not there.
 */
let waiting = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Marks the page as waiting for the connection until the returned function is called. */
export function markPageWaiting(): () => void {
  waiting += 1;
  changed();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    waiting -= 1;
    changed();
  };
}

export function isPageWaiting(): boolean {
  return waiting > 0;
}

export function onPageWaitingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
