import type { BootError } from './boot.types.ts';

/**
 * Done and error events of invoked actors are not part of a machine's own
 * event union; these read them.
 */
export function outputOf<T>(event: unknown): T {
  return (event as { output: T }).output;
}

export function errorOf(event: unknown): unknown {
  return (event as { error: unknown }).error;
}

/** Any thrown value as an error value: src/ throws `{ kind, detail }` errors, anything else is `unknown`. */
export function toBootError(error: unknown): BootError {
  if (typeof error === 'object' && error !== null && 'kind' in error && 'detail' in error) {
    const { kind, detail, field, status } = error as BootError;
    return { kind, detail, ...(field === undefined ? {} : { field }), ...(status === undefined ? {} : { status }) };
  }
  return { kind: 'unknown', detail: error instanceof Error ? error.message : String(error) };
}

/** The placeholder of every actor: src/ supplies the real one with `machine.provide()`. */
export async function notProvided(): Promise<never> {
  throw new Error('actor not provided: supply it with machine.provide()');
}
