/** The events ABP's client triggers, with their payloads. */
export interface AbpEventMap {
  'abp.dynamicScriptsInitialized': undefined;
  /** A request got no answer (no connection or time-out); the text names it for the log. */
  'abp.unreachable': string;
  /** The API answers again after it could not be reached. */
  'abp.reachable': undefined;
}

type Handler<T> = (payload: T) => void;

/** A small typed stand-in for `abp.event`: modules subscribe to start-up milestones. */
export function createEventBus<M extends object>() {
  const handlers = new Map<keyof M, Set<Handler<never>>>();
  return {
    on<K extends keyof M>(name: K, handler: Handler<M[K]>): () => void {
      const set = handlers.get(name) ?? new Set();
      set.add(handler as Handler<never>);
      handlers.set(name, set);
      return () => set.delete(handler as Handler<never>);
    },
    trigger<K extends keyof M>(name: K, ...payload: M[K] extends undefined ? [] : [M[K]]): void {
      for (const handler of handlers.get(name) ?? []) (handler as Handler<M[K]>)(payload[0] as M[K]);
    },
  };
}

export const abpEvents = createEventBus<AbpEventMap>();
