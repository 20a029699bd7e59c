import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { RestartError } from '../../boot/restart.ts';
import { useAppConfig, useSession } from '../../boot/useBoot.ts';
import { logError } from '../../lib/log.ts';
import { switchTenant, type TenantSwitchOutcome } from './switchTenant.ts';

type Status = 'idle' | 'busy' | Exclude<TenantSwitchOutcome, 'switched'> | 'error' | 'not-switched';

/** Shows the current tenant and lets a person choose another (empty for the host). */
export function TenantSwitch() {
  const { t } = useLingui();
  const id = useId();
  const config = useAppConfig();
  const tenant = useSession()?.tenant;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(tenant?.tenancyName ?? '');
  const [status, setStatus] = useState<Status>('idle');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!config) return;
    setStatus('busy');
    try {
      const outcome = await switchTenant(config, name);
      setStatus(outcome === 'switched' ? 'idle' : outcome);
      if (outcome === 'switched') setOpen(false);
    } catch (error) {
      logError('tenant', error);
      setStatus(error instanceof RestartError ? 'not-switched' : 'error');
    }
  }

  return (
    <div className="tenant-switch">
      <p>
        <Trans>Omgeving:</Trans> {tenant ? <strong title={tenant.name}>{tenant.tenancyName}</strong> : <strong>{t`Geen (host)`}</strong>}{' '}
        <button type="button" className="button button--link" aria-expanded={open} onClick={() => setOpen(!open)}>
          <Trans>Wijzigen</Trans>
        </button>
      </p>
      {open && (
        <form onSubmit={(event) => void submit(event)}>
          <label htmlFor={id}>{t`Naam van de omgeving (leeg voor host)`}</label>
          <div className="inline-form">
            <input id={id} value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
            <button type="submit" className="button" disabled={status === 'busy'}>
              <Trans>Opslaan</Trans>
            </button>
          </div>
          {status === 'inactive' && <p className="form-error" role="alert">{t`Deze omgeving is niet actief.`}</p>}
          {status === 'not-found' && <p className="form-error" role="alert">{t`Er is geen omgeving met de naam "${name}".`}</p>}
          {status === 'not-switched' && (
            <p className="form-error" role="alert">{t`De omgeving kon niet worden gewijzigd. Probeer het over een ogenblik opnieuw.`}</p>
          )}
          {status === 'error' && (
            <p className="form-error" role="alert">{t`De omgeving kon niet worden gecontroleerd. Probeer het opnieuw.`}</p>
          )}
        </form>
      )}
    </div>
  );
}
