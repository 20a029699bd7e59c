import { Trans, useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { RestartError } from '../boot/restart.ts';
import { useAppConfig, useBootActor, useSession } from '../boot/useBoot.ts';
import { Field, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { switchEnvironment } from './switchEnvironment.ts';
import { logError } from '../lib/log.ts';
import { environmentName } from '../app/environmentName.ts';

/** Shows the current environment (ABP's tenant) and lets a person choose another (empty for central administration, ABP's host). */
export function EnvironmentSwitch() {
  const { t } = useLingui();
  const boot = useBootActor();
  const config = useAppConfig();
  const tenant = useSession()?.tenant;
  // Opened from home by someone signed in to an environment his account does not belong to.
  const asked = useSearch({ strict: false }).environment === 'choose';
  const [open, setOpen] = useState(asked);
  const [name, setName] = useState(tenant?.tenancyName ?? '');
  // ABP's IsTenantAvailableInput names the field tenancyName.
  const form = useAbpForm({
    fields: ['tenancyName'],
    area: 'tenant',
    fallback: t`De omgeving kon niet worden gecontroleerd. Probeer het opnieuw.`,
  });

  const submit = form.onSubmit(async () => {
    if (!config) return;
    try {
      const outcome = await switchEnvironment(boot, name);
      if (outcome === 'switched') setOpen(false);
      if (outcome === 'inactive') form.fail(t`Deze omgeving is niet actief.`, 'tenancyName');
      if (outcome === 'not-found') form.fail(t`Er is geen omgeving met de naam "${name}".`, 'tenancyName');
    } catch (error) {
      // A re-run that failed leaves the tenant as it was: say that, not the technical cause.
      if (!(error instanceof RestartError)) throw error;
      logError('tenant', error);
      form.fail(t`De omgeving kon niet worden gewijzigd. Probeer het over een ogenblik opnieuw.`);
    }
  });

  return (
    <div className="tenant-switch">
      <p>
        <Trans>Omgeving:</Trans> {tenant ? <strong>{environmentName(tenant)}</strong> : <strong>{t`Centraal beheer`}</strong>}{' '}
        <button type="button" className="button button--link" aria-expanded={open} onClick={() => setOpen(!open)}>
          <Trans>Wijzigen</Trans>
        </button>
      </p>
      {open && (
        <form onSubmit={submit} noValidate>
          <Field form={form} name="tenancyName" label={t`Korte naam van de omgeving (leeg voor centraal beheer)`}>
            {(props) => (
              <div className="inline-form">
                <input {...props} value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
                <button type="submit" className="button" disabled={form.busy}>
                  <Trans>Opslaan</Trans>
                </button>
              </div>
            )}
          </Field>
          <FormAlert form={form} />
        </form>
      )}
    </div>
  );
}
