import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ErrorView } from '../errors/describeError.ts';
import { ErrorAlert, FormAlert } from '../errors/FormAlert.tsx';
import type { AbpForm } from '../errors/useAbpForm.ts';
import type { Section, SectionPage } from '../section/section.ts';
import { SectionName } from '../section/SectionName.tsx';
import type { ServerData } from '../section/useServerData.ts';

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

/** A list on its way: what could not be loaded (LoadFailure), or what is being loaded, until it is there. */
export function ListLoading({ list, loading }: { list: ServerData<unknown>; loading: string }) {
  if (list.data) return null;
  return list.error ? (
    <LoadFailure error={list.error} onRetry={list.reload} />
  ) : (
    <p className="list-status" role="status">
      {loading}
    </p>
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
        <form
          ref={question}
          tabIndex={-1}
          className="confirm"
          onSubmit={form.onSubmit(onDelete)}
          role="alertdialog"
          aria-labelledby={`${prefix}-confirm`}
        >
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

/** The way back at the top of a page: to the list of `page` from one of its items, else to the section. */
export function BackLink({ section, page }: { section: Section; page?: SectionPage }) {
  const { i18n } = useLingui();
  return (
    <Link to="/$section/$" params={{ section: section.key, _splat: page?.key ?? '' }} className="back-link">
      {page ? i18n._(page.label) : <SectionName section={section} />}
    </Link>
  );
}

/** A page's list as a table: named after the page for a screen reader, its columns' headings, its rows (`tbody`, the children). */
export function AdminTable({ page, columns, children }: { page: SectionPage; columns: readonly string[]; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{i18n._(page.label)}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}

/** The address of a page's new item (`/beheer/rollen/nieuw`): its form, empty. */
export const NEW = 'nieuw';

/** "Nieuwe rol": the way to a page's new item, above its list. */
export function NewItemLink({ section, page, children }: { section: Section; page: SectionPage; children: ReactNode }) {
  return (
    <p>
      <ItemLink section={section} page={page} id={NEW} className="button button--primary">
        {children}
      </ItemLink>
    </p>
  );
}

/** A list's first cell: the item's name, the way to its page. */
export function NameCell({ section, page, id, children }: { section: Section; page: SectionPage; id: number; children: ReactNode }) {
  return (
    <td>
      <ItemLink section={section} page={page} id={id}>
        {children}
      </ItemLink>
    </td>
  );
}

/** A link to one item of a page (`/beheer/gebruikers/5`), or to a new one (`…/nieuw`). */
function ItemLink({
  section,
  page,
  id,
  className,
  children,
}: {
  section: Section;
  page: SectionPage;
  id: string | number;
  className?: string;
  children: ReactNode;
}) {
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
