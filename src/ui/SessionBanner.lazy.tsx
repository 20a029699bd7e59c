import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { authMessages } from '../auth/authMessages.ts';
import type { AuthErrorKind } from '../auth/authError.ts';
import { tokenActor } from '../auth/tokenActor.lazy.ts';
import './banner.css';

/** Tells a signed-in person when the session needs attention, without leaving the page. */
export function SessionBanner() {
  const { i18n } = useLingui();
  const state = useSelector(tokenActor, (snapshot) =>
    snapshot.matches('signInRequired') ? 'signInRequired' : snapshot.matches('reauthenticating') ? 'pending' : snapshot.matches('renewFailed') ? 'renewFailed' : undefined,
  );
  const errorKind = useSelector(tokenActor, (snapshot) => snapshot.context.error?.kind);
  if (!state) return null;
  if (state === 'renewFailed') {
    return (
      <div className="banner" role="status">
        <Trans>De verbinding met de inlogdienst is even weg. We proberen je sessie zo opnieuw te verlengen.</Trans>
      </div>
    );
  }
  const reason = errorKind && errorKind in authMessages ? i18n._(authMessages[errorKind as AuthErrorKind]) : undefined;
  return (
    <div className="banner banner--warning" role="alert">
      <p>{state === 'pending' ? <Trans>Log in via het pop-upvenster…</Trans> : (reason ?? i18n._(authMessages['invalid-refresh-token']))}</p>
      {state === 'signInRequired' && (
        <button type="button" className="button button--primary" onClick={() => tokenActor.send({ type: 'SIGN_IN' })}>
          <Trans>Opnieuw inloggen</Trans>
        </button>
      )}
    </div>
  );
}
