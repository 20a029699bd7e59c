import { abpEvents } from '../abp/events.ts';

/**
 * Calls `listener` when the connection may be back: the browser is online
 * again, or the API answers again after it could not be reached (the
 * connection banner's own tries, or its "Nu opnieuw proberen").
 */
export function onConnectionBack(listener: () => void): () => void {
  window.addEventListener('online', listener);
  const stop = abpEvents.on('abp.reachable', listener);
  return () => {
    window.removeEventListener('online', listener);
    stop();
  };
}
