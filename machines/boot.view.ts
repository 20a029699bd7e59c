import type { SnapshotFrom } from 'xstate';
import type { createBootMachine } from './boot.machine.ts';
import type { BootConfig, BootUserConfiguration } from './boot.types.ts';
import type { MachineError } from './error.ts';

/** What the page shows for a start-up state; `S` is the session as the app types it. */
export type BootView<S = unknown> =
  /** `waiting`: the server gave no answer, and start-up tries again by itself. */
  | { kind: 'busy'; waiting: boolean }
  | { kind: 'failed'; error: MachineError; final: boolean }
  | { kind: 'ready'; session: S; localeName: string };

/**
 * Busy until the first session is known; after that a re-run (sign-in,
 * language or tenant change) keeps the current screen until it is done.
 */
export function bootView<C extends BootConfig, U extends BootUserConfiguration, S, E>(
  snapshot: SnapshotFrom<ReturnType<typeof createBootMachine<C, U, S, E>>>,
): BootView<S> {
  const { context } = snapshot;
  if (snapshot.matches('configFailed') || snapshot.matches('rejected')) {
    return { kind: 'failed', error: context.error ?? { kind: 'unknown', detail: '' }, final: snapshot.matches('rejected') };
  }
  if (context.session && context.config && (snapshot.matches('ready') || context.localeName)) {
    return { kind: 'ready', session: context.session, localeName: context.localeName ?? 'nl' };
  }
  return { kind: 'busy', waiting: context.waits !== undefined };
}

export function bootViewEqual<S>(a: BootView<S>, b: BootView<S>): boolean {
  if (a.kind === 'ready' && b.kind === 'ready') return a.session === b.session && a.localeName === b.localeName;
  if (a.kind === 'failed' && b.kind === 'failed') return a.error === b.error;
  if (a.kind === 'busy' && b.kind === 'busy') return a.waiting === b.waiting;
  return false;
}
