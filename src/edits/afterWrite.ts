import type { AbpClient } from '../abp/client.ts';
import { PERSON_FIELDS, changedSince, getUser, setUserActive, type ChangedSince, type User } from '../management/users.ts';

// A person read back after each write of this tab (docs/abp.md, "What Beheer
// guards beside another administrator"). ABP's User/Update has no concurrency
// stamp: a save another tab sends from a read made before this write writes
// that read's status (and everything else it sends) over it, and ABP keeps no
// trace of what it undid. So the write's own tab looks: what ABP holds a
// moment later otherwise than the write left it is reported, to be shown.
//
// A status (Activate/DeActivate) written over by such a save is put back
// once, by the tab that set it: that save never meant to change the status
// (Gebruikers' form does not edit it; it sends the status as it read it), and
// the put-back is what makes the change visible to the administrator who
// saved, whose own read-back shows only what he wrote otherwise.

/**
 * When a person is read back after a write, from its answer: at once, and
 * twice more, READ_BACK_AGAIN_MS apart. A save sent from a read older than
 * this write lands within its own round trip (the window measured in
 * docs/abp.md is tens of milliseconds on the local stack); the other side's
 * put-back, made when one of its reads finds its status undone (at most
 * READ_BACK_AGAIN_MS after its write, which came before this one), is seen
 * by the last read.
 */
export const READ_BACK_AGAIN_MS = 2_000;
export const READ_BACK_AT_MS: readonly number[] = [0, READ_BACK_AGAIN_MS, 2 * READ_BACK_AGAIN_MS];

/** A write of this tab, to be read back. */
export interface WriteToReadBack {
  /** The person as the write left them. */
  written: User;
  /** The fields the write set (an activation only `isActive`); every field by default. */
  fields?: readonly ChangedSince['field'][];
  /**
   * A status write (Activate/DeActivate): the person as read just before it.
   * A status read back as it was, with another field changed since, was
   * written over by a save sent from an older read: it is put back once.
   */
  statusFrom?: User;
}

/** What a read-back found (nothing is reported when ABP holds what the write left). */
export type ReadBackFinding =
  /** Someone else wrote over these fields: shown, with the way to put them back. */
  | { kind: 'changed'; changed: ChangedSince[]; now: User }
  /** A save sent from an older read had undone this tab's status; it is put back, and `now` is ABP's word after it. */
  | { kind: 'put back'; status: boolean; overwritten: User; now: User };

/** Every field but the status: what an Activate or DeActivate never changes. */
const OTHER_FIELDS = PERSON_FIELDS.filter((field) => field !== 'isActive');

/**
 * Whether a status this tab just set (`status`, over `before`, the person as
 * read just before) was undone by a save sent from a read older than the
 * status write: ABP holds the old status again, and something else of the
 * person changed in the same span, which an Activate or DeActivate never
 * does, and a save always does (one that changes nothing sends nothing).
 * A status turned back on its own is someone's choice, and stays theirs.
 */
export function statusUndoneBySave(before: User, status: boolean, now: User): boolean {
  return before.isActive !== status && now.isActive !== status && changedSince(before, now, OTHER_FIELDS).length > 0;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the person back after `write` at READ_BACK_AT_MS and reports the
 * first thing found (at most one report, then a put-back's own read-back);
 * nothing after `stop()` (the page left, or a later write's look began).
 */
export function readBack(
  client: AbpClient,
  userId: number,
  write: WriteToReadBack,
  report: (finding: ReadBackFinding) => void,
): { stop: () => void; done: Promise<void> } {
  let stopped = false;
  const look = async (current: WriteToReadBack): Promise<void> => {
    let waited = 0;
    for (const at of READ_BACK_AT_MS) {
      await wait(at - waited);
      waited = at;
      if (stopped) return;
      const now = await getUser(client, userId);
      if (stopped) return;
      const changed = changedSince(current.written, now, current.fields);
      if (changed.length === 0) continue;
      const { statusFrom } = current;
      if (statusFrom && statusUndoneBySave(statusFrom, current.written.isActive, now)) {
        const status = current.written.isActive;
        try {
          await setUserActive(client, userId, status);
        } catch {
          // Not put back (the permission taken away, the connection gone): shown, with the way to put it back by hand.
          if (!stopped) report({ kind: 'changed', changed, now });
          return;
        }
        const after = await getUser(client, userId);
        if (stopped) return;
        report({ kind: 'put back', status, overwritten: now, now: after });
        // The put-back is read back as any status write, and not put back a second time.
        return look({ written: { ...after, isActive: status }, fields: ['isActive'] });
      }
      report({ kind: 'changed', changed, now });
      return;
    }
  };
  return {
    stop: () => {
      stopped = true;
    },
    done: look(write),
  };
}
