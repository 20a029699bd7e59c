import '../errors/errors.css';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { ErrorView } from '../errors/describeError.ts';
import './card.css';

/**
 * A failed action that belongs to no form, as a modal dialog: the browser's
 * own `<dialog>` keeps focus inside and closes on Escape; focus returns to
 * where it was.
 */
export function ErrorDialog({ error, onClose }: { error: ErrorView | undefined; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (error && !element.open) element.showModal();
    if (!error && element.open) element.close();
  }, [error]);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>
        <Trans>Dat lukte niet</Trans>
      </h2>
      <p>{error?.message}</p>
      {error?.details && <p>{error.details}</p>}
      {error?.general.map((message) => (
        <p key={message}>{message}</p>
      ))}
      <form method="dialog" className="card__actions">
        <button type="submit" className="button button--primary">
          <Trans>Sluiten</Trans>
        </button>
      </form>
    </dialog>
  );
}
