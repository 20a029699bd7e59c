import { useCallback, useSyncExternalStore } from 'react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { connectivityMachine } from '../../machines/connectivity.machine.ts';
import { abpEvents } from '../abp/events.ts';
import { inspectActor } from '../lib/inspect.ts';
import { logWarning } from '../lib/log.ts';
import { probe } from './probe.ts';
import { configOf, type BootActor } from '../boot/bootActor.ts';
import { pageActorKey, usePageActor, type PageActors } from '../boot/pageActors.ts';

/** The connectivityMachine with the browser's implementations, probing the backend of the start-up actor's config. */
const browserConnectivityMachine = (boot: BootActor) =>
  connectivityMachine.provide({
    actors: {
      probe: fromPromise(() => probe(configOf(boot).remoteServiceBaseUrl)),
    },
    actions: {
      // noteCause runs first in the same transition: the context already holds the cause.
      logLost: ({ context }) =>
        logWarning('connection', `lost (${context.cause === 'offline' ? 'the browser is offline' : 'a request got no answer'})`),
      logRestored: () => logWarning('connection', 'the API answers again'),
      announceRestored: () => abpEvents.trigger('abp.reachable'),
    },
  });

export type ConnectivityActor = Actor<ReturnType<typeof browserConnectivityMachine>>;

/** The page's connection watch, among its actors (boot/pageActors.ts). */
export const CONNECTIVITY_ACTOR = pageActorKey<ConnectivityActor>('connectivity');

/** Whether the backend is out of reach now (`lost`), for a view: false before the watch starts. */
export function useConnectionLost(): boolean {
  const current = usePageActor(CONNECTIVITY_ACTOR);
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = current?.subscribe(listener);
      return () => subscription?.unsubscribe();
    },
    [current],
  );
  return useSyncExternalStore(subscribe, () => current?.getSnapshot().matches('lost') ?? false);
}

/**
 * Follows the browser's online and offline events and the ABP client's
 * requests that got no answer, probing the backend of the start-up actor's
 * config; once per page.
 */
export function startConnectivity(boot: BootActor, actors: PageActors): void {
  actors.once(CONNECTIVITY_ACTOR, () => makeConnectivity(boot));
}

function makeConnectivity(boot: BootActor): ConnectivityActor {
  const current = createActor(browserConnectivityMachine(boot));
  if (import.meta.env.DEV) inspectActor(current);
  current.start();
  window.addEventListener('offline', () => current.send({ type: 'OFFLINE' }));
  window.addEventListener('online', () => current.send({ type: 'ONLINE' }));
  abpEvents.on('abp.unreachable', () => current.send({ type: 'UNREACHABLE' }));
  if (!navigator.onLine) current.send({ type: 'OFFLINE' });
  return current;
}
