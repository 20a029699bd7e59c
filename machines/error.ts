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

/** An invoked actor's failure as the params of an action or guard: `{ type: 'storeError', params: failure }`. */
export const failure = ({ event }: { event: { error: unknown } }): { error: unknown } => ({ error: event.error });

/** An invoked actor's result as the params of an action or guard: `{ type: 'storeGrant', params: output }`. */
export const output = <T>({ event }: { event: { output: T } }): T => event.output;
