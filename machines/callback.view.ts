import type { SnapshotFrom } from 'xstate';
import type { createCallbackMachine } from './callback.machine.ts';

/** What the callback page shows: waiting, the account not yet active, or (after 5 s, whatever happened) the retry message with the reason. */
export type CallbackView = { kind: 'waiting' } | { kind: 'notActive' } | { kind: 'slow'; errorKind: string | undefined };

export function callbackView<T, L>(snapshot: SnapshotFrom<ReturnType<typeof createCallbackMachine<T, L>>>): CallbackView {
  if (snapshot.matches({ flow: 'notActive' })) return { kind: 'notActive' };
  if (snapshot.matches({ view: 'slow' })) return { kind: 'slow', errorKind: snapshot.context.error?.kind };
  return { kind: 'waiting' };
}

export function callbackViewEqual(a: CallbackView, b: CallbackView): boolean {
  if (a.kind === 'slow' && b.kind === 'slow') return a.errorKind === b.errorKind;
  return a.kind === b.kind;
}
