import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { handOver, HandoverRefusal, secureBuiltInAdmin } from '../management/handover.ts';
import type { Tenant } from '../management/tenants.ts';
import { FieldError, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { environmentClient } from './environmentClient.ts';

/** A new environment's handover as far as this page knows it: whom it goes to, and its code once the default password is replaced. Memory only. */
interface Handover {
  firstAdminEmail: string;
  code?: string;
}

const handovers = new Map<number, Handover>();

/** Right after `Tenant/Create`: what the environment's page shows of its handover. */
export function rememberHandover(tenantId: number, handover: Handover): void {
  handovers.set(tenantId, handover);
}

/**
 * "Overdracht aan de eerste beheerder": only an environment's built-in admin
 * can give anyone a role there, and he does not sign in through the provider;
 * so the first administrator signs in first (ABP registers her without a
 * role) and the host then gives her Admin as him (management/handover.ts).
 */
export function HandoverPanel({ tenant }: { tenant: Tenant }) {
  const { t } = useLingui();
  const prefix = useId();
  const remembered = handovers.get(tenant.id);
  // Open right after the environment was made; folded away on the page of one handed over long ago.
  const [justMade] = useState(remembered !== undefined);
  const [email, setEmail] = useState(remembered?.firstAdminEmail ?? '');
  const [code, setCode] = useState(remembered?.code ?? '');
  const [defaultPassword, setDefaultPassword] = useState(remembered !== undefined && remembered.code === undefined);
  const [said, setSaid] = useState<string>();
  const form = useAbpForm({ fields: ['firstAdminEmail', 'code'], area: 'handover', fallback: t`De beheerrechten konden niet worden gegeven.` });
  const keep = (next: string) => {
    setCode(next);
    handovers.set(tenant.id, { firstAdminEmail: email, code: next });
  };

  /** A refused sign-in as the built-in admin, said next to the code (or for the whole form when the environment is off); anything else is the form's to show. */
  const refused = (error: unknown) => {
    if (!(error instanceof HandoverRefusal)) throw error;
    if (error.reason === 'environment-inactive') return form.fail(t`In een omgeving die niet actief is, kan niemand inloggen. Zet ${tenant.name} eerst aan.`);
    form.fail(
      error.reason === 'locked'
        ? t`Na vijf verkeerde pogingen is de ingebouwde beheerder een tijd geblokkeerd (standaard vijf minuten). Probeer het daarna opnieuw.`
        : t`Met deze overdrachtscode lukt het niet. Is de overdracht al gedaan? Zo niet, controleer de code.`,
      'code',
    );
  };

  const secure = form.onSubmit(async () => {
    try {
      keep(await secureBuiltInAdmin(environmentClient(tenant.id)));
      setDefaultPassword(false);
    } catch (error) {
      refused(error);
    }
  });
  const give = form.onSubmit(async () => {
    setSaid(undefined);
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) return form.fail(t`Vul het e-mailadres in waarmee de eerste beheerder inlogt.`, 'firstAdminEmail');
    try {
      const outcome = await handOver(environmentClient(tenant.id), { tenancyName: tenant.tenancyName, firstAdminEmail: address, code });
      if (outcome.kind === 'granted') {
        handovers.delete(tenant.id);
        setCode('');
        setSaid(t`${outcome.person.fullName} is nu beheerder van ${tenant.name}. Na opnieuw laden ziet die Beheer. De overdrachtscode werkt niet meer.`);
        return;
      }
      keep(outcome.code);
      setDefaultPassword(false);
      if (outcome.kind === 'address-freed') {
        setSaid(t`De ingebouwde beheerder had het e-mailadres ${address}, waardoor inloggen met dat adres niet lukte. Hij heeft nu een ander adres: vraag de eerste beheerder nu in te loggen en klik daarna opnieuw op Beheerrechten geven.`);
        return;
      }
      form.fail(t`Met ${address} heeft nog niemand ingelogd in ${tenant.name}. Vraag de eerste beheerder eerst in te loggen en probeer het daarna opnieuw.`, 'firstAdminEmail');
    } catch (error) {
      refused(error);
    }
  });

  const title = t`Overdracht aan de eerste beheerder`;
  const content = (
    <>
      <p>
        <Trans>
          Alleen de ingebouwde beheerder (admin) van een nieuwe omgeving kan daar rechten geven, en die logt niet in via de inlogdienst. Zo krijgt de eerste
          beheerder de rechten:
        </Trans>
      </p>
      <ol>
        <li>
          <Trans>
            Vraag de eerste beheerder in te loggen in deze omgeving (korte naam {tenant.tenancyName}) met het eigen account. Er staat dan eerst dat er nog geen
            toegang is.
          </Trans>
        </li>
        <li>
          <Trans>Vul daarna hier het e-mailadres in waarmee die inlogt, en klik op Beheerrechten geven.</Trans>
        </li>
      </ol>
      {defaultPassword && (
        <div role="alert">
          <p>
            <Trans>De ingebouwde beheerder heeft nog het standaardwachtwoord van de server. Vervang het eerst.</Trans>
          </p>
          <button type="button" className="button" onClick={secure} disabled={form.busy}>
            <Trans>Standaardwachtwoord vervangen</Trans>
          </button>
        </div>
      )}
      <form onSubmit={give} noValidate>
        <div className="field">
          <label htmlFor={`${prefix}-email`}>{t`E-mailadres van de eerste beheerder`}</label>
          <input id={`${prefix}-email`} type="email" value={email} onChange={(event) => setEmail(event.target.value)} {...form.field('firstAdminEmail')} />
          <FieldError form={form} name="firstAdminEmail" />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-code`}>{t`Overdrachtscode`}</label>
          <span className="check__hint" id={`${prefix}-code-hint`}>
            {t`Hiermee werkt de app als de ingebouwde beheerder, tot de overdracht klaar is; daarna werkt de code niet meer. Bewaar hem tot dan. Leeg: de omgeving heeft nog het standaardwachtwoord (aangemaakt voordat de app dit deed).`}
          </span>
          <input
            id={`${prefix}-code`}
            value={code}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setCode(event.target.value)}
            {...form.field('code')}
            aria-describedby={[`${prefix}-code-hint`, form.field('code')['aria-describedby']].filter(Boolean).join(' ')}
          />
          <FieldError form={form} name="code" />
        </div>
        <FormAlert form={form} />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={form.busy} aria-busy={form.busy}>
            {form.busy ? t`Bezig…` : t`Beheerrechten geven`}
          </button>
          {said && (
            <p className="saved" role="status">
              {said}
            </p>
          )}
        </div>
      </form>
    </>
  );
  return justMade ? (
    <section className="admin-form" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`}>{title}</h2>
      {content}
    </section>
  ) : (
    <details className="admin-form">
      <summary>{title}</summary>
      {content}
    </details>
  );
}
