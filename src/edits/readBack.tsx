import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api } from '../boot/api.ts';
import { logError } from '../lib/log.ts';
import { READ_BACK_AGAIN_MS, changedSince, getUser, type ChangedSince, type User } from '../management/users.ts';
import type { FieldValue } from './mergeEdit.ts';
import { ChangesDialog } from './ChangesDialog.tsx';

export interface ChangedAfterWriteProps {
  found: readonly ChangedSince[];
  fullName: string;
  label: (field: ChangedSince['field']) => string;
  show: (field: ChangedSince['field'], value: FieldValue) => string;
  busy: boolean;
  onRestore: () => void;
  onLeave: () => void;
}

/**
 * A person's record read back after a write of this tab (at once, and again
 * READ_BACK_AGAIN_MS later): what someone else changed around it. ABP's
 * User/Update has no concurrency stamp, so another tab's save, sent from a
 * read made before this write, writes that read's status and roles over it;
 * this is where the person who wrote first learns of it. `found` stays until
 * dismissed or the next write; `onFound` gets the record as ABP holds it.
 */
export function useReadBack(userId: number, onFound: (now: User) => void) {
  const [found, setFound] = useState<ChangedSince[]>();
  // Each write's look replaces the one before; leaving the page ends them.
  const look = useRef(0);
  useEffect(() => {
    const current = look;
    return () => {
      current.current += 1;
    };
  }, []);
  const watch = (written: User, fields?: readonly ChangedSince['field'][]) => {
    look.current += 1;
    const mine = look.current;
    setFound(undefined);
    const read = async (): Promise<boolean> => {
      if (look.current !== mine) return true;
      const now = await getUser(api(), userId);
      const changed = changedSince(written, now, fields);
      if (look.current !== mine || changed.length === 0) return look.current !== mine;
      setFound(changed);
      onFound(now);
      return true;
    };
    const again = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(read()), READ_BACK_AGAIN_MS));
    void read()
      .then((done) => done || again())
      .catch((error: unknown) => logError('users', error));
  };
  return { found, watch, dismiss: () => setFound(undefined) };
}

/** What someone else changed right after this tab's write (useReadBack), with the way to put the person's version back. */
export function ChangedAfterWrite({ found, fullName, label, show, busy, onRestore, onLeave }: ChangedAfterWriteProps) {
  const { t } = useLingui();
  return (
    <ChangesDialog
      title={t`Iemand anders heeft dit vlak na jou gewijzigd`}
      said={
        <Trans>
          Na het opslaan is {fullName} opnieuw gelezen. Iemand anders heeft intussen opgeslagen, en daarmee staat het volgende niet meer zoals jij het opsloeg. Kijk of
          dat zo moet blijven, of zet jouw versie terug.
        </Trans>
      }
    >
      <table className="admin-table">
        <caption className="visually-hidden">{t`Wat er na jouw opslaan is gewijzigd`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Veld`}</th>
            <th scope="col">{t`Jij sloeg op`}</th>
            <th scope="col">{t`Nu opgeslagen`}</th>
          </tr>
        </thead>
        <tbody>
          {found.map((change) => (
            <tr key={change.field}>
              <th scope="row">{label(change.field)}</th>
              <td data-label={t`Jij sloeg op`}>{show(change.field, change.written)}</td>
              <td data-label={t`Nu opgeslagen`}>{show(change.field, change.now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={onRestore}>
          <Trans>Jouw versie terugzetten</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={onLeave}>
          <Trans>Zo laten</Trans>
        </button>
      </div>
    </ChangesDialog>
  );
}
