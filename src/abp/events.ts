/** The events ABP's client triggers, with their payloads. */
export interface AbpEventMap {
  'abp.dynamicScriptsInitialized': undefined;
  /** A request got no answer (no connection or time-out); the text names it for the log. */
  'abp.unreachable': string;
  /** The API answers again after it could not be reached. */
  'abp.reachable': undefined;
}

/** An event's arguments: none for an event without a payload. */
type Payload<T> = T extends undefined ? [] : [payload: T];
type Handler<T> = (...payload: Payload<T>) => void;

/** A small typed stand-in for `abp.event`: modules subscribe to start-up milestones. */
export function createEventBus<M extends object>() {
  const handlers: { [K in keyof M]?: Set<Handler<M[K]>> } = {};
  return {
    on<K extends keyof M>(name: K, handler: Handler<M[K]>): () => void {
      const set = handlers[name] ?? new Set();
      set.add(handler);
      handlers[name] = set;
      return () => set.delete(handler);
    },
    trigger<K extends keyof M>(name: K, ...payload: Payload<M[K]>): void {
      for (const handler of handlers[name] ?? []) handler(...payload);
    },
  };
}

export const abpEvents = createEventBus<AbpEventMap>();
