import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { authMessages, authMessageOf } from '../errors/authMessages.ts';
import { useSession } from '../boot/useBoot.ts';
import { usePageActor } from '../boot/pageActors.ts';
import { CALLBACK_ACTOR, type CallbackActor } from '../signin/callbackActor.lazy.ts';
import { callbackView, callbackViewEqual } from '../../machines/callback.view.ts';
import './account.css';
import '../ui/card.css';
import { environmentName } from '../app/environmentName.ts';

/** "Wachten op bevestiging van login.", and after 5 s the retry message, whatever happened meanwhile. */
function LoginCallback() {
  return (
    <main className="page page--centered">
      <CallbackState />
    </main>
  );
}

/** The callback actor the route's loader started before this screen renders. */
function useCallbackActor(): CallbackActor {
  const actor = usePageActor(CALLBACK_ACTOR);
  if (!actor) throw new Error('the callback actor is started by the callback route');
  return actor;
}

function CallbackState() {
  const { i18n } = useLingui();
  const view = useSelector(useCallbackActor(), callbackView, callbackViewEqual);
  const tenant = useSession()?.tenant;
  const company = tenant ? environmentName(tenant) : undefined;

  if (view.kind === 'notActive') {
    return (
      <section className="card" role="alert" aria-labelledby="callback-title">
        <h1 id="callback-title">
          <Trans>Account niet actief</Trans>
        </h1>
        <p>
          {company ? (
            <Trans>
              Je account is niet actief: het is nog niet geactiveerd, of het is gedeactiveerd. Vraag een beheerder van {company} om het te
              activeren; daarna kun je inloggen. Word jij de eerste beheerder van {company}? Vraag het dan aan centraal beheer, dat de
              omgeving heeft aangemaakt.
            </Trans>
          ) : (
            i18n._(authMessages['not-active'])
          )}
        </p>
        <p>
          <a href="/">
            <Trans>Naar de startpagina</Trans>
          </a>
        </p>
      </section>
    );
  }
  if (view.kind === 'slow') {
    const { errorKind } = view;
    const message = authMessageOf(errorKind);
    const reason = message && i18n._(message);
    return (
      <section className="card" role="alert" aria-labelledby="callback-title">
        <h1 id="callback-title">
          <Trans>Inloggen lijkt niet te lukken. Probeer het opnieuw.</Trans>
        </h1>
        {reason && <p>{reason}</p>}
        <p>
          <a href="/" className="button button--primary">
            <Trans>Opnieuw proberen</Trans>
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="card" role="status" aria-live="polite" aria-busy="true">
      <span className="busy__spinner" aria-hidden="true" />
      <p>
        <Trans>Wachten op bevestiging van login.</Trans>
      </p>
    </section>
  );
}

export const Route = createLazyRoute('/account/logincallback')({ component: LoginCallback });
