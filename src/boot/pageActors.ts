import { createContext, useContext, useSyncExternalStore } from 'react';

/** The name of one of the page's actors, typed by the actor it names: each actor's module defines its own. */
export interface PageActorKey<A> {
  readonly name: string;
  /** Never set: it only carries the actor's type. */
  readonly actor?: A;
}

export function pageActorKey<A>(name: string): PageActorKey<A> {
  return { name };
}

/**
 * The actors that follow start-up in one page (the token's life, the
 * inactivity watch, the connection watch, a sign-in's return). src/start.tsx
 * makes the page's one holder beside the start-up actor and hands it on: to
 * App, which gives it to the views (PageActorsContext), to the router's
 * context and to what starts each actor. Each is made once per page, when
 * its code has arrived; a view mounted before that shows nothing until it
 * starts.
 */
export interface PageActors {
  get<A>(key: PageActorKey<A>): A | undefined;
  /** The actor already made for `key`, or the one `make` makes now (once per page). */
  once<A>(key: PageActorKey<A>, make: () => A): A;
  /** Called whenever an actor starts. */
  subscribe(listener: () => void): () => void;
}

export function createPageActors(): PageActors {
  const actors = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  return {
    get: <A>(key: PageActorKey<A>) => actors.get(key.name) as A | undefined,
    once<A>(key: PageActorKey<A>, make: () => A): A {
      if (actors.has(key.name)) return actors.get(key.name) as A;
      const actor = make();
      actors.set(key.name, actor);
      for (const listener of listeners) listener();
      return actor;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's actors, as App provides them (src/start.tsx made the holder); read with usePageActor. */
export const PageActorsContext = createContext<PageActors | undefined>(undefined);

/** One of the page's actors for a view: undefined until it starts, and the view renders again when it does. */
export function usePageActor<A>(key: PageActorKey<A>): A | undefined {
  const actors = useContext(PageActorsContext);
  if (actors === undefined) throw new Error('usePageActor outside App: no page actors were provided');
  return useSyncExternalStore(actors.subscribe, () => actors.get(key));
}
