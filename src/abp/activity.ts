/** How many backend requests are under way, for the progress bar; read when it mounts, then followed. */
type Listener = (count: number) => void;

let count = 0;
const listeners = new Set<Listener>();

function tell(): void {
  for (const listener of listeners) listener(count);
}

export function requestStarted(): void {
  count += 1;
  tell();
}

export function requestEnded(): void {
  count = Math.max(0, count - 1);
  tell();
}

export function requestsUnderWay(): number {
  return count;
}

export function onRequestCount(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
