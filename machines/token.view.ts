import type { SnapshotFrom } from 'xstate';
import type { tokenMachine } from './token.machine.ts';

/** What the session banner shows: nothing, a renewal that waits for the connection, the session's end coming, a sign-in needed (with the reason) or one in the popup. */
export type TokenView =
  | { kind: 'quiet' }
  | { kind: 'renewFailed' }
  | { kind: 'pending' }
  | { kind: 'endingSoon'; endsAt: number }
  | { kind: 'signInRequired'; errorKind: string | undefined };

export function tokenView(snapshot: SnapshotFrom<typeof tokenMachine>): TokenView {
  if (snapshot.matches('renewFailed')) return { kind: 'renewFailed' };
  if (snapshot.matches('reauthenticating') || snapshot.matches('extending')) return { kind: 'pending' };
  if (snapshot.matches({ active: 'endingSoon' })) return { kind: 'endingSoon', endsAt: snapshot.context.sessionEndsAt ?? 0 };
  if (snapshot.matches('signInRequired')) return { kind: 'signInRequired', errorKind: snapshot.context.error?.kind };
  return { kind: 'quiet' };
}

export function tokenViewEqual(a: TokenView, b: TokenView): boolean {
  if (a.kind === 'signInRequired' && b.kind === 'signInRequired') return a.errorKind === b.errorKind;
  if (a.kind === 'endingSoon' && b.kind === 'endingSoon') return a.endsAt === b.endsAt;
  return a.kind === b.kind;
}
