import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { authMessageOf, authMessages } from '../errors/authMessages.ts';
import { usePageActor } from '../boot/pageActors.ts';
import { TOKEN_ACTOR, type TokenActor } from './tokenActor.lazy.ts';
import { tokenView, tokenViewEqual } from '../../machines/token.view.ts';
import '../ui/banner.css';

/** Tells a signed-in person when the session needs attention, without leaving the page. */
export function SessionBanner() {
  // Nothing to say before the token's lifecycle starts: it starts once a person is signed in.
  const actor = usePageActor(TOKEN_ACTOR);
  return actor ? <TokenBanner actor={actor} /> : null;
}

function TokenBanner({ actor }: { actor: TokenActor }) {
  const { i18n } = useLingui();
  const view = useSelector(actor, tokenView, tokenViewEqual);
  if (view.kind === 'quiet') return null;
  if (view.kind === 'renewFailed') {
    return (
      <div className="banner" role="status">
        <Trans>De verbinding met de inlogdienst is even weg. We proberen je sessie zo opnieuw te verlengen.</Trans>
      </div>
    );
  }
  if (view.kind === 'endingSoon') {
    const time = new Date(view.endsAt).toLocaleTimeString(i18n.locale, { hour: '2-digit', minute: '2-digit' });
    return (
      <div className="banner banner--warning" role="alert">
        <p>
          <Trans>Je sessie eindigt om {time}. Log opnieuw in om zonder onderbreking door te werken; deze pagina blijft staan.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'SIGN_IN' })}>
          <Trans>Opnieuw inloggen</Trans>
        </button>
      </div>
    );
  }
  const errorKind = view.kind === 'signInRequired' ? view.errorKind : undefined;
  const message = authMessageOf(errorKind);
  const reason = message && i18n._(message);
  return (
    <div className="banner banner--warning" role="alert">
      <p>
        {view.kind === 'pending' ? <Trans>Log in via het pop-upvenster…</Trans> : (reason ?? i18n._(authMessages['invalid-refresh-token']))}
      </p>
      {view.kind === 'signInRequired' && (
        <button type="button" className="button button--primary" onClick={() => actor.send({ type: 'SIGN_IN' })}>
          {errorKind === 'provider-session-unseen' ? <Trans>Sessie bevestigen</Trans> : <Trans>Opnieuw inloggen</Trans>}
        </button>
      )}
    </div>
  );
}
