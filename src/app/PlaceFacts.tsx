import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionTenant } from '../abp/session.ts';
import { useCurrentLanguageName } from '../boot/useLanguage.ts';
import { environmentName } from './environmentName.ts';

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
