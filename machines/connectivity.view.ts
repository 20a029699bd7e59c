import type { SnapshotFrom } from 'xstate';
import type { ConnectivityCause } from './connectivity.types.ts';
import type { connectivityMachine } from './connectivity.machine.ts';

/** What the connection banner shows: nothing, "hersteld" for a moment, or why the API is out of reach and when it is tried again. */
export type ConnectivityView =
  | { kind: 'online' }
  | { kind: 'restored' }
  | { kind: 'waiting' | 'probing'; cause: ConnectivityCause | undefined; retryAt: number | undefined; retryInMs: number | undefined };

export function connectivityView(snapshot: SnapshotFrom<typeof connectivityMachine>): ConnectivityView {
  if (snapshot.matches('restored')) return { kind: 'restored' };
  if (!snapshot.matches('lost')) return { kind: 'online' };
  const { cause, retryAt, retryInMs } = snapshot.context;
  return { kind: snapshot.matches({ lost: 'probing' }) ? 'probing' : 'waiting', cause, retryAt, retryInMs };
}

export function connectivityViewEqual(a: ConnectivityView, b: ConnectivityView): boolean {
  if (a.kind !== b.kind) return false;
  if (!('cause' in a) || !('cause' in b)) return true;
  return a.cause === b.cause && a.retryAt === b.retryAt && a.retryInMs === b.retryInMs;
}
