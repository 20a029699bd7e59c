import { Trans, useLingui } from '@lingui/react/macro';
import { ChangesDialog } from './ChangesDialog.tsx';
import type { FieldValue, OtherChange } from './mergeEdit.ts';

export interface OtherChangesProps<K extends string> {
  /** What someone else changed since the form opened. */
  others: readonly OtherChange<K>[];
  /** A field's name as the form labels it. */
  label: (field: K) => string;
  /** A value as people read it (roles by their names, yes or no). */
  show: (field: K, value: FieldValue) => string;
  busy: boolean;
  onChoose: (keep: 'mine' | 'theirs') => void;
  onReview: () => void;
}

/**
 * Someone else saved while the form was open: what they changed (the value
 * as the form opened on it, as saved now, as the form holds it), and the
 * person's choice. Nothing is sent before it. Either choice writes only what
 * the person changed, over what is saved now; the choice decides only a field
 * both changed (mergeEdit.ts settle).
 */
export function OtherChanges<K extends string>({ others, label, show, busy, onChoose, onReview }: OtherChangesProps<K>) {
  const { t } = useLingui();
  return (
    <ChangesDialog
      title={t`Iemand anders heeft dit intussen gewijzigd`}
      said={
        <Trans>
          Sinds je dit scherm opende, heeft iemand anders het volgende opgeslagen. Er is nog niets van jou opgeslagen. Alleen wat jij hebt
          veranderd wordt opgeslagen; de rest blijft zoals het nu is. Bij rollen en rechten tellen jullie wijzigingen allebei. Heb je
          hetzelfde veld veranderd als de ander, kies dan welke versie blijft.
        </Trans>
      }
    >
      <table className="admin-table">
        <caption className="visually-hidden">{t`Wat er intussen is gewijzigd`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Veld`}</th>
            <th scope="col">{t`Toen je opende`}</th>
            <th scope="col">{t`Nu opgeslagen`}</th>
            <th scope="col">{t`Jouw versie`}</th>
          </tr>
        </thead>
        <tbody>
          {others.map((change) => (
            <tr key={change.field}>
              <th scope="row">{label(change.field)}</th>
              <td data-label={t`Toen je opende`}>{show(change.field, change.opened)}</td>
              <td data-label={t`Nu opgeslagen`}>{show(change.field, change.theirs)}</td>
              <td data-label={t`Jouw versie`}>{show(change.field, change.mine)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => onChoose('mine')}>
          <Trans>Mijn versie opslaan</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => onChoose('theirs')}>
          <Trans>Hun wijzigingen overnemen</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={onReview}>
          <Trans>Eerst bekijken</Trans>
        </button>
      </div>
    </ChangesDialog>
  );
}
