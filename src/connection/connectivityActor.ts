import { createActor, fromPromise } from 'xstate';
import { connectivityMachine } from '../../machines/connectivity.machine.ts';
import { abpEvents } from '../abp/events.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logWarning } from '../lib/log.ts';
import { probe } from './probe.ts';
import { currentConfig } from '../boot/bootActor.ts';

/** The connectivityMachine with the browser's implementations. */
export const browserConnectivityMachine = connectivityMachine.provide({
  actors: {
    probe: fromPromise(() => probe(currentConfig().remoteServiceBaseUrl)),
  },
  actions: {
    // noteCause runs first in the same transition: the context already holds the cause.
    logLost: ({ context }) => logWarning('connection', `lost (${context.cause === 'offline' ? 'the browser is offline' : 'a request got no answer'})`),
    logRestored: () => logWarning('connection', 'the API answers again'),
    announceRestored: () => abpEvents.trigger('abp.reachable'),
  },
});

/** The page's one connectivity actor. */
export const connectivityActor = createActor(browserConnectivityMachine);

let started = false;

/** Follows the browser's online and offline events and the ABP client's requests that got no answer. */
export function startConnectivity(): void {
  if (started) return;
  started = true;
  if (import.meta.env.DEV) inspectActor(connectivityActor);
  connectivityActor.start();
  window.addEventListener('offline', () => connectivityActor.send({ type: 'OFFLINE' }));
  window.addEventListener('online', () => connectivityActor.send({ type: 'ONLINE' }));
  abpEvents.on('abp.unreachable', () => connectivityActor.send({ type: 'UNREACHABLE' }));
  if (!navigator.onLine) connectivityActor.send({ type: 'OFFLINE' });
}
