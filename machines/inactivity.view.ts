import type { SnapshotFrom } from 'xstate';
import { inactivityEndsAt, type inactivityMachine } from './inactivity.machine.ts';

/** What the page shows of the inactivity watch: nothing, or the warning with the moment the session ends. */
export type InactivityView = { kind: 'quiet' } | { kind: 'warning'; endsAt: number };

export function inactivityView(snapshot: SnapshotFrom<typeof inactivityMachine>): InactivityView {
  if (!snapshot.matches('warning')) return { kind: 'quiet' };
  return { kind: 'warning', endsAt: inactivityEndsAt(snapshot.context) };
}

export function inactivityViewEqual(a: InactivityView, b: InactivityView): boolean {
  if (a.kind === 'warning' && b.kind === 'warning') return a.endsAt === b.endsAt;
  return a.kind === b.kind;
}

/** "1:05": minutes and seconds left, never below zero. */
export function countdownText(endsAt: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
