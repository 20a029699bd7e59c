import type { AnyActorRef, InspectionEvent, Snapshot } from 'xstate';

interface Watched {
  actor: AnyActorRef;
  /** The snapshot before the actor started, so the inspector sees start-up from its first step. */
  initial: Snapshot<unknown>;
}

type Inspect = (event: InspectionEvent) => void;

const watched: Watched[] = [];
const buffered: InspectionEvent[] = [];
let forward: Inspect | undefined;
let loading = false;

/** Where the tab remembers `?inspect`: the address loses it on the first redirect, and the sign-in leaves for the provider and comes back. */
const REMEMBERED = 'app.inspect';

/**
 * `?inspect` in the address, remembered for the rest of the tab's life
 * (`?inspect=off` forgets it), or `VITE_INSPECT=1` when the dev server
 * started. Only ever called under `import.meta.env.DEV`.
 */
function wanted(): boolean {
  const asked = new URLSearchParams(location.search).get('inspect');
  if (asked === 'off') sessionStorage.removeItem(REMEMBERED);
  else if (asked !== null) sessionStorage.setItem(REMEMBERED, '1');
  return sessionStorage.getItem(REMEMBERED) === '1' || import.meta.env.VITE_INSPECT === '1';
}

/**
 * Development only: shows an actor in the Stately inspector (a window that
 * opens on stately.ai). Events are kept from this call on until the
 * inspector has loaded. Call before `actor.start()`. In a production build
 * `import.meta.env.DEV` is false, so this body and the dynamic import of
 * @statelyai/inspect are dropped from the bundle.
 */
export function inspectActor(actor: AnyActorRef): void {
  if (import.meta.env.DEV) {
    if (!wanted()) return;
    watched.push({ actor, initial: actor.getSnapshot() as Snapshot<unknown> });
    actor.system.inspect((event: InspectionEvent) => (forward ? forward(event) : buffered.push(event)));
    if (forward || loading) return;
    loading = true;
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      const inspector = createBrowserInspector();
      const registered = new Set<AnyActorRef>();
      const register = (actor: AnyActorRef, snapshot: Snapshot<unknown>) => {
        if (registered.has(actor)) return;
        registered.add(actor);
        inspector.actor(actor, snapshot);
      };
      forward = (event) => {
        const known = watched.find((entry) => entry.actor === event.actorRef);
        if (known) register(known.actor, known.initial);
        inspector.inspect.next?.(event);
      };
      for (const entry of watched) register(entry.actor, entry.initial);
      for (const event of buffered.splice(0)) forward(event);
    });
  }
}
