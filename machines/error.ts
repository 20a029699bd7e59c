import type { AnyEventObject, DoneActorEvent } from 'xstate';

/**
 * A failure as a value, the same for every machine: `kind` picks the Dutch
 * message a screen shows, `detail` is the technical text for the log,
 * `field` names a bad config field, `status` is the HTTP status of a failed
 * request.
 */
export interface MachineError {
  kind: string;
  detail: string;
  field?: string;
  status?: number;
}

/** Any thrown value as an error value: src/ throws `{ kind, detail }` errors, anything else is `unknown`. */
export function toMachineError(error: unknown): MachineError {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'detail' in error) {
    const { kind, detail, field, status } = error as MachineError;
    return { kind, detail, field, status };
  }
  return { kind: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}

/**
 * The error an event carries: an invoked actor's error event, or an event
 * that reports one (`{ type: 'ERROR', error }`). Actions and guards read it
 * from the event themselves: params computed from the event are a function,
 * which Stately's editor cannot read and drops when it saves the file.
 */
export function errorOf(event: AnyEventObject): unknown {
  if (!('error' in event)) throw new Error(`no error: ${event.type}`);
  return event.error;
}

/** {@link errorOf} as a `MachineError`. */
export function failureOf(event: AnyEventObject): MachineError {
  return toMachineError(errorOf(event));
}

/**
 * The result of an invoked actor, from its done event. `ids` names the
 * invokes the action or guard is written for; any other event is a mistake
 * in the machine and throws.
 */
export function outputOf<T>(event: AnyEventObject, ...ids: string[]): T {
  if (!ids.some((id) => event.type === `xstate.done.actor.${id}`)) throw new Error(`not ${ids.join('/')}: ${event.type}`);
  return (event as DoneActorEvent<T>).output;
}
