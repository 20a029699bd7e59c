import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ErrorView } from '../errors/describeError.ts';
import { ErrorAlert, FormAlert } from '../errors/FormAlert.tsx';
import type { AbpForm } from '../errors/useAbpForm.ts';
import type { FieldValue, OtherChange } from '../management/mergeEdit.ts';
import type { Section, SectionPage } from '../section/section.ts';

/** What could not be loaded, in the server's or our words, and "Opnieuw proberen". Nothing while all is well. */
export function LoadFailure({ error, onRetry }: { error: ErrorView | undefined; onRetry: () => void }) {
  if (!error) return null;
  return (
    <>
      <ErrorAlert error={error} />
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Opnieuw proberen</Trans>
      </button>
    </>
  );
}

export interface ConfirmDeleteProps {
  /** The form the deletion runs in: busy while it waits, its failure shown under the question. */
  form: AbpForm;
  onDelete: () => Promise<void>;
  /** The button that asks ("Piet Monteur verwijderen…"), the question that names what goes, and the button that does it. */
  ask: string;
  question: string;
  confirm: string;
}

/** "Verwijderen": a first button, then a question that names what goes and what it means, and only then the deletion. */
export function ConfirmDelete({ form, onDelete, ask, question: asked, confirm }: ConfirmDeleteProps) {
  const { t } = useLingui();
  const prefix = useId();
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLFormElement>(null);
  // The question opens at the foot of a long form, below the fold on a phone: bring it into view and to the screen reader.
  useEffect(() => {
    if (!confirming || !question.current) return;
    question.current.focus({ preventScroll: true });
    question.current.scrollIntoView({ block: 'center' });
  }, [confirming]);
  return (
    <section className="admin-form" aria-labelledby={`${prefix}-delete`}>
      <h2 id={`${prefix}-delete`}>{t`Verwijderen`}</h2>
      {confirming ? (
        <form ref={question} tabIndex={-1} className="confirm" onSubmit={form.onSubmit(onDelete)} role="alertdialog" aria-labelledby={`${prefix}-confirm`}>
          <p id={`${prefix}-confirm`}>{asked}</p>
          <div className="form-actions">
            <button type="submit" className="button button--danger button--primary" disabled={form.busy} aria-busy={form.busy}>
              {confirm}
            </button>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              <Trans>Annuleren</Trans>
            </button>
          </div>
          <FormAlert form={form} />
        </form>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {ask}
        </button>
      )}
    </section>
  );
}

/** A link to one item of a page (`/beheer/gebruikers/5`), or to a new one (`…/nieuw`). */
export function ItemLink({ section, page, id, className, children }: { section: Section; page: SectionPage; id: string | number; className?: string; children: ReactNode }) {
  return (
    <Link to="/$section/$" params={{ section: section.key, _splat: `${page.key}/${String(id)}` }} className={className}>
      {children}
    </Link>
  );
}

/** A form's submit button, busy while the server works, and "Opgeslagen." (or what was said) once it has. */
export function SaveBar({ form, label, saved }: { form: AbpForm; label: string; saved: string | undefined }) {
  const { t } = useLingui();
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
        {form.busy ? t`Bezig met opslaan…` : label}
      </button>
      {saved && (
        <p className="saved" role="status">
          {saved}
        </p>
      )}
    </div>
  );
}

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
 * Someone else saved while the form was open: what they changed (their
 * value, the form's), and the person's choice. Nothing is sent before it.
 * It opens above the save button, out of sight on a phone: brought into view
 * and to the screen reader.
 */
export function OtherChanges<K extends string>({ others, label, show, busy, onChoose, onReview }: OtherChangesProps<K>) {
  const { t } = useLingui();
  const prefix = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <section ref={box} tabIndex={-1} className="other-changes" role="alertdialog" aria-labelledby={`${prefix}-title`} aria-describedby={`${prefix}-said`}>
      <h2 id={`${prefix}-title`}>{t`Iemand anders heeft dit intussen gewijzigd`}</h2>
      <p id={`${prefix}-said`}>
        <Trans>Sinds je dit scherm opende, heeft iemand anders het volgende opgeslagen. Er is nog niets van jou opgeslagen: kies wat er moet gebeuren.</Trans>
      </p>
      <table className="admin-table">
        <caption className="visually-hidden">{t`Wat er intussen is gewijzigd`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Veld`}</th>
            <th scope="col">{t`Nu opgeslagen`}</th>
            <th scope="col">{t`Jouw versie`}</th>
          </tr>
        </thead>
        <tbody>
          {others.map((change) => (
            <tr key={change.field}>
              <th scope="row">{label(change.field)}</th>
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
    </section>
  );
}
