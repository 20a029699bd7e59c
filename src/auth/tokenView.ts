import type { SnapshotFrom } from 'xstate';
import type { tokenMachine } from '../../machines/token.machine.ts';

/** What the session banner shows: nothing, a renewal that waits for the connection, a sign-in needed (with the reason) or one in the popup. */
export type TokenView = { kind: 'quiet' } | { kind: 'renewFailed' } | { kind: 'pending' } | { kind: 'signInRequired'; errorKind: string | undefined };

export function tokenView(snapshot: SnapshotFrom<typeof tokenMachine>): TokenView {
  if (snapshot.matches('renewFailed')) return { kind: 'renewFailed' };
  if (snapshot.matches('reauthenticating')) return { kind: 'pending' };
  if (snapshot.matches('signInRequired')) return { kind: 'signInRequired', errorKind: snapshot.context.error?.kind };
  return { kind: 'quiet' };
}

export function tokenViewEqual(a: TokenView, b: TokenView): boolean {
  return a.kind === b.kind && (a.kind !== 'signInRequired' || a.errorKind === (b as typeof a).errorKind);
}
