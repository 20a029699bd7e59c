import { useState } from 'react';
import { mergeEdit, sameValue, settle, type Fields, type OtherChange } from './mergeEdit.ts';

export interface MergedSaveOptions<R, T extends Fields> {
  /** The record's fields as the form opened on them. */
  opened: T;
  /** The fields as the form holds them now. */
  mine: T;
  /** The fields the form edits; the others are the fresh record's, whatever the form was opened on. */
  editable: readonly Extract<keyof T, string>[];
  /** The record as it is now, and its fields. */
  reread: () => Promise<{ record: R; fields: T }>;
  /** Sends the fields over the fresh record; answers the fields as saved (what the form stands on from then on). */
  send: (record: R, fields: T) => Promise<T>;
  /** Puts fields in the form: what was saved, once it is, or the fresh record with the person's changes ("Eerst bekijken"). */
  show: (fields: T) => void;
}

export interface MergedSave<T extends Fields> {
  /** The form's submit: re-read, then send the person's changes over it, or hold and list what someone else changed. */
  save: () => Promise<void>;
  /** What someone else changed since the form opened, while the person chooses. */
  others: OtherChange<Extract<keyof T, string>>[] | undefined;
  /** "Mijn versie opslaan" or "Hun wijzigingen overnemen". */
  choose: (keep: 'mine' | 'theirs') => Promise<void>;
  /** "Eerst bekijken": the form shows the fresh record with the person's changes in it, and stands on the fresh record from now on. */
  review: () => void;
  /** The form shows `fields` and stands on them: a write made beside the save (a change put back after a read-back). */
  stand: (fields: T) => void;
}

/**
 * A save that sends what the person changed over what is there now (two
 * administrators at once): the record is read again just before sending;
 * where someone else changed it since the form opened, nothing goes until
 * the person has seen what and chosen. The form's values are never touched
 * by a failure (useAbpForm), and a second submit while one runs is ignored.
 */
export function useMergedSave<R, T extends Fields>({ opened, mine, editable, reread, send, show }: MergedSaveOptions<R, T>): MergedSave<T> {
  const [base, setBase] = useState(opened);
  const [held, setHeld] = useState<{ record: R; fields: T; others: OtherChange<Extract<keyof T, string>>[] }>();

  const commit = async (record: R, fields: T) => {
    setHeld(undefined);
    const saved = await send(record, fields);
    // The form shows what is saved now (another's change taken in, say), and stands on it.
    show(saved);
    setBase(saved);
  };
  /** The record again; `undefined` after listing what someone else changed. */
  const fresh = async () => {
    const now = await reread();
    const { merged, others } = mergeEdit(base, mine, now.fields, editable);
    if (others.length > 0) {
      setHeld({ ...now, others });
      return undefined;
    }
    return { record: now.record, merged };
  };

  return {
    save: async () => {
      setHeld(undefined);
      const now = await fresh();
      if (now) await commit(now.record, now.merged);
    },
    others: held?.others,
    choose: async (keep) => {
      if (!held) return;
      // Read once more: a third change since the list was shown is listed anew, not overwritten.
      const now = await reread();
      const changedAgain = Object.keys(now.fields).some((field) => !sameValue(now.fields[field] ?? null, held.fields[field] ?? null));
      if (changedAgain) {
        setHeld({ ...now, others: mergeEdit(base, mine, now.fields, editable).others });
        return;
      }
      await commit(now.record, settle(base, mine, now.fields, editable, keep));
    },
    stand: (fields) => {
      setHeld(undefined);
      show(fields);
      setBase(fields);
    },
    review: () => {
      if (!held) return;
      show(mergeEdit(base, mine, held.fields, editable).merged);
      setBase(held.fields);
      setHeld(undefined);
    },
  };
}
