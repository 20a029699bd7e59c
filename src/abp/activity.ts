/** How many backend requests are under way, for the progress bar; read when it mounts, then followed. */
type Listener = (count: number) => void;

let count = 0;
/** Which stretch of activity this is: a new number each time requests start after none were under way, 0 while none are. */
let period = 0;
let periods = 0;
const listeners = new Set<Listener>();

function tell(): void {
  for (const listener of listeners) listener(count);
}

export function requestStarted(): void {
  if (count === 0) period = ++periods;
  count += 1;
  tell();
}

export function requestEnded(): void {
  count = Math.max(0, count - 1);
  if (count === 0) period = 0;
  tell();
}

export function requestsUnderWay(): number {
  return count;
}

/** The current stretch of activity (see `period`), for a view that reacts to its start and end. */
export function activityPeriod(): number {
  return period;
}

export function onRequestCount(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
