import type { SnapshotFrom } from 'xstate';
import type { callbackMachine } from '../../machines/callback.machine.ts';

/** What the callback page shows: waiting, the account not yet active, or (after 5 s, whatever happened) the retry message with the reason. */
export type CallbackView = { kind: 'waiting' } | { kind: 'notActive' } | { kind: 'slow'; errorKind: string | undefined };

export function callbackView(snapshot: SnapshotFrom<typeof callbackMachine>): CallbackView {
  if (snapshot.matches({ flow: 'notActive' })) return { kind: 'notActive' };
  if (snapshot.matches({ view: 'slow' })) return { kind: 'slow', errorKind: snapshot.context.error?.kind };
  return { kind: 'waiting' };
}

export function callbackViewEqual(a: CallbackView, b: CallbackView): boolean {
  return a.kind === b.kind && (a.kind !== 'slow' || a.errorKind === (b as typeof a).errorKind);
}
