import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createLazyRoute, getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { authMessages, authMessageOf } from '../errors/authMessages.ts';
import { signOutReturnReason } from '../auth/signOutMarker.ts';
import { useAppConfig, useBootActor, useSession } from '../boot/useBoot.ts';
import { RestartError } from '../boot/restart.ts';
import type { LoginReason } from './loginSearch.ts';
import { logError } from '../lib/log.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { ProviderLinks } from './ProviderLinks.tsx';
import { switchEnvironment } from './switchEnvironment.ts';
import '../errors/errors.css';
import '../ui/card.css';
import { environmentName } from '../app/environmentName.ts';

const reasonMessages = {
  'signed-out': msg`Je bent uitgelogd.`,
  idle: msg`Je bent automatisch uitgelogd omdat je een tijd niets hebt gedaan.`,
  expired: msg`Je sessie is verlopen. Log opnieuw in.`,
  failed: msg`Inloggen is niet gelukt. Probeer het opnieuw.`,
  cancelled: msg`Inloggen geannuleerd.`,
} satisfies Record<LoginReason, unknown>;

const loginApi = getRouteApi('/account/login');

/** Set when the login page is on screen; the benchmark measures a new browser's first start up to this mark. */
export const LOGIN_RENDERED_MARK = 'app-login-rendered';

/**
 * The sign-in page: one button that goes to the identity provider, into the
 * environment it names. ABP registers whoever it does not know in the
 * environment of the sign-in, with no role, and a fresh browser is in the
 * one appconfig names: the host's administrator signs in to central
 * administration with the second button, before any environment sees him.
 */
function Login() {
  const { i18n } = useLingui();
  const { returnUrl, reason, state } = loginApi.useSearch();
  const navigate = useNavigate();
  useEffect(() => {
    performance.mark(LOGIN_RENDERED_MARK);
  }, []);
  useEffect(() => {
    if (state === undefined) return;
    const signedOut = signOutReturnReason(state);
    void navigate({ to: '/account/login', search: { returnUrl, reason: signedOut ?? reason }, replace: true });
  }, [state, returnUrl, reason, navigate]);
  const boot = useBootActor();
  const config = useAppConfig();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const tenant = useSession()?.tenant;
  const auth = config?.auth;
  const configured = Boolean(auth?.issuer && auth.clientId);

  async function signIn(toHost = false) {
    if (!auth || !config) return;
    setStarting(true);
    setFailure(undefined);
    try {
      if (toHost) await switchEnvironment(boot, '');
      const { signInWithRedirect } = await import('../auth/authorize.lazy.ts');
      await signInWithRedirect(auth, returnUrl);
    } catch (error) {
      logError('sign-in', error);
      if (error instanceof RestartError) {
        setFailure(i18n._(msg`Centraal beheer kon niet worden gekozen. Probeer het over een ogenblik opnieuw.`));
        setStarting(false);
        return;
      }
      const kind =
        typeof error === 'object' && error !== null && 'kind' in error && typeof error.kind === 'string' ? error.kind : undefined;
      setFailure(i18n._(authMessageOf(kind) ?? authMessages['provider-unreachable']));
      setStarting(false);
    }
  }

  return (
    <section className="card" aria-labelledby="login-title">
      <PageHeading id="login-title" title={i18n._(msg`Inloggen`)} />
      {reason && (
        <p className="notice" role="status">
          {i18n._(reasonMessages[reason])}
        </p>
      )}
      {configured ? (
        <>
          <p>
            <Trans>Je logt in via de inlogdienst van het bedrijf.</Trans>
          </p>
          <p>
            {tenant ? (
              <Trans>
                Je komt in de omgeving <strong>{environmentName(tenant)}</strong>.
              </Trans>
            ) : (
              <Trans>
                Je komt in <strong>centraal beheer</strong>, niet in een omgeving.
              </Trans>
            )}
          </p>
        </>
      ) : (
        <p className="form-error" role="alert">
          {i18n._(authMessages['not-configured'])}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="card__actions">
        <button type="button" className="button button--primary" disabled={!configured || starting} onClick={() => void signIn()}>
          <Trans>Inloggen</Trans>
        </button>
        {configured && tenant && (
          <button type="button" className="button" disabled={starting} onClick={() => void signIn(true)}>
            <Trans>Inloggen bij centraal beheer</Trans>
          </button>
        )}
      </div>
      {auth && <ProviderLinks auth={auth} />}
    </section>
  );
}

export const Route = createLazyRoute('/account/login')({ component: Login });
