import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../boot/api.ts';
import { logError } from '../lib/log.ts';
import { readBack, type WriteToReadBack } from './afterWrite.ts';
import type { ChangedSince, User } from '../management/users.ts';
import type { FieldValue } from './mergeEdit.ts';
import { ChangesDialog } from './ChangesDialog.tsx';

export interface ChangedAfterWriteProps {
  found: readonly ChangedSince[];
  fullName: string;
  label: (field: ChangedSince['field']) => string;
  show: (field: ChangedSince['field'], value: FieldValue) => string;
  /** The write read back was a save, which sends the status as it read it without meaning to set it. */
  bySave: boolean;
  busy: boolean;
  onRestore: () => void;
  onLeave: () => void;
}

/** What a read-back found, until dismissed or the next write. */
export interface ReadBackState {
  /** Someone else changed these fields around this tab's write: shown with the way to put them back. */
  found: readonly ChangedSince[] | undefined;
  /** This tab's status, undone by a save sent from an older read, put back (the status it has again). */
  putBack: boolean | undefined;
  /** Whether the write read back was a save of the form. */
  bySave: boolean;
  /** After each write: reads the person back (afterWrite.ts), replacing the look of the write before. */
  watch: (write: WriteToReadBack, bySave?: boolean) => void;
  dismiss: () => void;
}

/**
 * A person's record read back after a write of this tab (afterWrite.ts):
 * what someone else changed around it, and a status of this
 * tab's put back after a save from an older read undid it. `onFound` gets
 * the record as ABP holds it whenever something was found.
 */
export function useReadBack(userId: number, onFound: (now: User) => void): ReadBackState {
  const api = useApi();
  const [found, setFound] = useState<ChangedSince[]>();
  const [putBack, setPutBack] = useState<boolean>();
  const [bySave, setBySave] = useState(false);
  // Each write's look replaces the one before; leaving the page ends them.
  const look = useRef<{ stop: () => void }>(undefined);
  useEffect(() => () => look.current?.stop(), []);
  const watch = (write: WriteToReadBack, save = false) => {
    look.current?.stop();
    setFound(undefined);
    setPutBack(undefined);
    setBySave(save);
    const started = readBack(api, userId, write, (finding) => {
      if (finding.kind === 'changed') setFound(finding.changed);
      else setPutBack(finding.status);
      onFound(finding.now);
    });
    look.current = started;
    started.done.catch((error: unknown) => logError('users', error));
  };
  return {
    found,
    putBack,
    bySave,
    watch,
    dismiss: () => {
      setFound(undefined);
      setPutBack(undefined);
    },
  };
}

/** What someone else changed right after this tab's write (useReadBack), with the way to put the person's version back. */
export function ChangedAfterWrite({ found, fullName, label, show, bySave, busy, onRestore, onLeave }: ChangedAfterWriteProps) {
  const { t } = useLingui();
  // A save sends the status as it read it: a status changed around it is someone else's, made while it was under way or just after.
  const status = bySave ? found.find((change) => change.field === 'isActive') : undefined;
  let note: string | undefined;
  if (status)
    note = status.now
      ? t`De status heb je niet gewijzigd: iemand anders heeft ${fullName} geactiveerd terwijl je opsloeg, of vlak daarna. Met "Zo laten" blijft het account actief; met "Jouw versie terugzetten" is het weer niet actief.`
      : t`De status heb je niet gewijzigd: iemand anders heeft ${fullName} gedeactiveerd terwijl je opsloeg, of vlak daarna. Met "Zo laten" blijft het account gedeactiveerd; met "Jouw versie terugzetten" is het weer actief.`;
  return (
    <ChangesDialog
      title={t`Iemand anders heeft dit vlak na jou gewijzigd`}
      said={
        <Trans>
          Na het opslaan is {fullName} opnieuw gelezen. Iemand anders heeft intussen opgeslagen, en daarmee staat het volgende niet meer
          zoals jij het opsloeg. Kijk of dat zo moet blijven, of zet jouw versie terug.
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
      {note && <p className="note">{note}</p>}
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

/** This tab's status put back after a save sent from an older read undid it (useReadBack's `putBack`): said where the status is changed. */
export function StatusPutBack({ status, fullName }: { status: boolean | undefined; fullName: string }) {
  const { t } = useLingui();
  if (status === undefined) return null;
  return (
    <p className="saved" role="status">
      {status
        ? t`Iemand anders sloeg ${fullName} tegelijk met jou op, vanuit gegevens van vóór jouw activering, en zette het account daarmee weer op niet actief. Je activering is teruggezet; de ander krijgt dat te zien.`
        : t`Iemand anders sloeg ${fullName} tegelijk met jou op, vanuit gegevens van vóór jouw deactivering, en maakte het account daarmee weer actief. Je deactivering is teruggezet; de ander krijgt dat te zien.`}
    </p>
  );
}
