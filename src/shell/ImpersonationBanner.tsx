import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { storeToken } from '../abp/authTokenStore.ts';
import { AbpError } from '../abp/errors.ts';
import { backToImpersonator } from '../abp/impersonation.ts';
import { setTenantId } from '../abp/tenant.ts';
import { useApi } from '../boot/api.ts';
import { restartBoot } from '../boot/restart.ts';
import { useBootActor, useSession, useUserConfiguration } from '../boot/useBoot.ts';
import { logError } from '../lib/log.ts';
import { describeError } from '../errors/describeError.ts';
import './impersonation.css';
import '../errors/errors.css';

/**
 * Someone acts as another person (GetAll's `session.impersonatorUserId`):
 * said at the top of every page, with the way back to their own account
 * when the backend has it. A backend without `Account/BackToImpersonator`
 * answers 404; the banner then says how to get back instead.
 */
export function ImpersonationBanner() {
  const api = useApi();
  const boot = useBootActor();
  const { t, i18n } = useLingui();
  const user = useSession()?.user;
  const session = useUserConfiguration()?.session;
  const [state, setState] = useState<'idle' | 'busy' | 'unavailable'>('idle');
  const [failure, setFailure] = useState<string>();
  if (!session?.impersonatorUserId || !user) return null;
  const impersonatorUserId = session.impersonatorUserId;
  const fullName = `${user.name} ${user.surname}`;
  const userName = user.userName;
  const impersonatorTenantId = session.impersonatorTenantId;

  async function goBack() {
    setState('busy');
    setFailure(undefined);
    try {
      const result = await backToImpersonator(api);
      storeToken(result.accessToken, result.encryptedAccessToken, result.expireInSeconds);
      setTenantId(impersonatorTenantId ?? undefined);
      await restartBoot(boot);
    } catch (error) {
      logError('impersonation', error);
      if (error instanceof AbpError && error.status === 404) {
        setState('unavailable');
        return;
      }
      setFailure(describeError(error, i18n, { fallback: t`Terug naar je eigen account lukte niet. Probeer het opnieuw.` }).message);
      setState('idle');
    }
  }

  return (
    <section className="impersonation" role="region" aria-label={t`Je werkt namens iemand anders`}>
      <p>
        <Trans>
          Je werkt nu als <strong>{fullName}</strong> ({userName}), namens gebruiker {impersonatorUserId}. Wat je doet, doe je als deze
          persoon.
        </Trans>
      </p>
      {state === 'unavailable' ? (
        <p>
          <Trans>Deze server kan niet terug naar je eigen account. Log uit en log opnieuw in met je eigen account.</Trans>
        </p>
      ) : (
        <button type="button" className="button" disabled={state === 'busy'} onClick={() => void goBack()}>
          <Trans>Terug naar je eigen account</Trans>
        </button>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
