import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionTenant } from '../abp/session.ts';
import { useCurrentLanguageName } from '../boot/useLanguage.ts';

/** An environment as staff know it: its name, with its short name after it only where the two differ ("Noord BV (noord)"). */
export function environmentName(tenant: SessionTenant): string {
  return tenant.name === tenant.tenancyName ? tenant.name : `${tenant.name} (${tenant.tenancyName})`;
}

/** Where the person works and in which language: two facts of a `<dl>`, the same on Mijn account and Over deze app. */
export function PlaceFacts({ tenant }: { tenant: SessionTenant | null | undefined }) {
  const { t } = useLingui();
  return (
    <>
      <dt>
        <Trans>Omgeving</Trans>
      </dt>
      <dd>{tenant ? environmentName(tenant) : t`Centraal beheer`}</dd>
      <dt>
        <Trans>Taal</Trans>
      </dt>
      <dd>{useCurrentLanguageName()}</dd>
    </>
  );
}
