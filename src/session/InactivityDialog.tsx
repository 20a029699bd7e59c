import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { usePageActor } from '../boot/pageActors.ts';
import { INACTIVITY_ACTOR, stayOnline, type InactivityActor } from './inactivityActor.lazy.ts';
import { countdownText, inactivityView, inactivityViewEqual } from '../../machines/inactivity.view.ts';
import '../errors/errors.css';
import '../ui/card.css';

/**
 * The warning before an automatic sign-out, in every tab at once: a modal
 * dialog with the time left, and "Ingelogd blijven", which keeps every tab
 * signed in and closes the warning everywhere.
 */
export function InactivityDialog() {
  const actor = usePageActor(INACTIVITY_ACTOR);
  return actor ? <Warning actor={actor} /> : null;
}

function Warning({ actor }: { actor: InactivityActor }) {
  const { t } = useLingui();
  const view = useSelector(actor, inactivityView, inactivityViewEqual);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [now, setNow] = useState(() => Date.now());
  const warning = view.kind === 'warning';

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (warning && !element.open) element.showModal();
    if (!warning && element.open) element.close();
    if (!warning) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [warning]);

  const left = view.kind === 'warning' ? countdownText(view.endsAt, now) : '';
  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      // Escape must not close the warning quietly: only the button keeps the session.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id={titleId}>
        <Trans>Ben je er nog?</Trans>
      </h2>
      <p>
        <Trans>
          Je hebt een tijd niets gedaan. Over <strong className="countdown">{left}</strong> word je automatisch uitgelogd, in alle
          tabbladen.
        </Trans>
      </p>
      <div className="card__actions">
        <button type="button" className="button button--primary" onClick={() => stayOnline(actor)} aria-label={t`Ingelogd blijven`}>
          <Trans>Ingelogd blijven</Trans>
        </button>
      </div>
    </dialog>
  );
}
