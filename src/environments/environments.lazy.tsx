import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { createEnvironment, getEnvironments, updateEnvironment, type Environment } from '../management/environments.ts';
import { builtInAdminAddress } from '../management/handover.ts';
import { useApi } from '../boot/api.ts';
import { useBootActor } from '../boot/useBoot.ts';
import { Field, FieldError, FormAlert } from '../errors/FormAlert.tsx';
import { isEmailAddress } from '../management/emailAddress.ts';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { PATTERNS } from '../errors/validationWords.ts';
import { NoAccess } from '../ui/NoAccess.lazy.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import type { Section, SectionPage } from '../section/section.ts';
import { AdminTable, BackLink, ListLoading, NameCell, NEW, NewItemLink, SaveBar } from '../beheer/parts.tsx';
import { useServerData } from '../section/useServerData.ts';
import { HandoverPanel } from './HandoverPanel.tsx';
import { handoverHolder, keepHandover } from './handoverStore.ts';
import '../ui/forms.css';
import '../beheer/beheer.css';

/** The address of an environment not yet made. */

/** Omgevingen (ABP's tenants), for the host: the list, a new one, or one by its id. */
export function Screen({ section, page, id }: { section: Section; page: SectionPage; id: string | undefined }) {
  const api = useApi();
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  const environments = useServerData('environments', () => getEnvironments(api), 'environments');
  const back = (to: 'section' | 'page') => <BackLink section={section} page={to === 'page' ? page : undefined} />;
  if (environments.error?.action === 'forbidden') return <NoAccess />;
  const all = environments.data?.items ?? [];
  if (id === NEW) return <EnvironmentForm back={back('page')} others={all} section={section} page={page} onSaved={environments.reload} />;
  if (id !== undefined) {
    const environment = all.find((item) => String(item.id) === id);
    if (environment) {
      const others = all.filter((item) => item.id !== environment.id);
      // Keyed by the environment alone: the list reloaded after a save must not replace the form and its "Opgeslagen.".
      return (
        <EnvironmentForm
          key={environment.id}
          back={back('page')}
          environment={environment}
          others={others}
          section={section}
          page={page}
          onSaved={environments.reload}
        >
          <HandoverPanel environment={environment} />
        </EnvironmentForm>
      );
    }
  }
  return (
    <main className="page" aria-labelledby="page-title">
      {back(id === undefined ? 'section' : 'page')}
      <PageHeading title={i18n._(page.label)} />
      {id === undefined && (
        <NewItemLink section={section} page={page}>
          <Trans>Nieuwe omgeving</Trans>
        </NewItemLink>
      )}
      <ListLoading list={environments} loading={t`Omgevingen worden geladen…`} />
      {environments.data && id !== undefined && (
        <p role="alert">
          <Trans>Deze omgeving bestaat niet (meer).</Trans>
        </p>
      )}
      {environments.data && id === undefined && <EnvironmentTable environments={environments.data.items} section={section} page={page} />}
    </main>
  );
}

function EnvironmentTable({ environments, section, page }: { environments: readonly Environment[]; section: Section; page: SectionPage }) {
  const { t } = useMacroLingui();
  return (
    <AdminTable page={page} columns={[t`Naam`, t`Korte naam`, t`Status`]}>
      <tbody>
        {environments.map((environment) => (
          <tr key={environment.id}>
            <NameCell section={section} page={page} id={environment.id}>
              {environment.name}
            </NameCell>
            <td data-label={t`Korte naam`}>{environment.tenancyName}</td>
            <td data-label={t`Status`}>
              <span className={environment.isActive ? 'badge badge--active' : 'badge badge--inactive'}>
                {environment.isActive ? t`Actief` : t`Niet actief`}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

interface EnvironmentFormProps {
  back: ReactNode;
  /** Absent: a new environment. */
  environment?: Environment;
  /** The other environments: ABP's Update does not check that a short name is free, so the screen does. */
  others: readonly Environment[];
  section: Section;
  page: SectionPage;
  onSaved: () => void;
  /** What the page shows below the form, in its main landmark (the handover). */
  children?: ReactNode;
}

/** ABP's `AbpTenantBase.TenancyNameRegex` and the lengths of `CreateTenantDto`. */
const TENANCY_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{1,}$/;
const NAME_MAX = 128;
const TENANCY_NAME_MAX = 64;

function EnvironmentForm({ back, environment, others, section, page, onSaved, children }: EnvironmentFormProps) {
  const api = useApi();
  const boot = useBootActor();
  const { t } = useMacroLingui();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [values, setValues] = useState({
    name: environment?.name ?? '',
    tenancyName: environment?.tenancyName ?? '',
    adminEmailAddress: '',
  });
  const [isActive, setActive] = useState(environment?.isActive ?? true);
  const [saved, setSaved] = useState<string>();
  const form = useAbpForm({
    fields: ['name', 'tenancyName', 'adminEmailAddress', 'isActive'],
    area: 'environments',
    fallback: t`De omgeving kon niet worden opgeslagen.`,
  });

  /** Everything wrong with what was typed, each next to its field, all at once. */
  const mistakes = (shortName: string, firstAdminEmail: string | undefined): Record<string, string> => {
    const said: Record<string, string> = {};
    const name = values.name.trim();
    if (name === '') said.name = t`Vul de naam van de omgeving in.`;
    else if (name.length > NAME_MAX) said.name = t`De naam is te lang: ten hoogste ${NAME_MAX} tekens.`;
    if (shortName === '') said.tenancyName = t`Vul een korte naam in.`;
    else if (shortName.length > TENANCY_NAME_MAX) said.tenancyName = t`De korte naam is te lang: ten hoogste ${TENANCY_NAME_MAX} tekens.`;
    else if (!TENANCY_NAME.test(shortName)) said.tenancyName = i18n._(PATTERNS[TENANCY_NAME.source]!);
    else if (others.some((other) => other.tenancyName.toLowerCase() === shortName.toLowerCase()))
      said.tenancyName = t`Er is al een omgeving met de korte naam ${shortName}.`;
    if (firstAdminEmail !== undefined && !isEmailAddress(firstAdminEmail))
      said.adminEmailAddress = t`Vul het e-mailadres in waarmee de eerste beheerder inlogt.`;
    return said;
  };

  const save = form.onSubmit(async () => {
    setSaved(undefined);
    const shortName = values.tenancyName.trim();
    const firstAdminEmail = environment ? undefined : values.adminEmailAddress.trim();
    if (form.failFields(mistakes(shortName, firstAdminEmail))) return;
    if (!environment) {
      // The built-in admin gets an address nobody signs in with, and is made active so the app can replace his default password at once.
      const created = await createEnvironment(api, {
        name: values.name.trim(),
        tenancyName: shortName,
        adminEmailAddress: builtInAdminAddress(shortName),
        isActive: true,
      });
      // Kept before anything else: the environment's page shows the handover code and sends it (HandoverPanel).
      keepHandover(handoverHolder(boot.getSnapshot()), created.id, { firstAdminEmail: firstAdminEmail ?? '', stage: 'new' });
      if (!isActive) await updateEnvironment(api, { ...created, isActive: false });
      onSaved();
      void navigate({ to: '/$section/$', params: { section: section.key, _splat: `${page.key}/${String(created.id)}` } });
      return;
    }
    await updateEnvironment(api, { id: environment.id, name: values.name.trim(), tenancyName: shortName, isActive });
    onSaved();
    setSaved(t`Opgeslagen.`);
  });
  const field = (name: keyof typeof values, label: string, hint?: string, type = 'text') => (
    <Field form={form} name={name} label={label} hint={hint}>
      {(props) => (
        <input {...props} type={type} value={values[name]} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
      )}
    </Field>
  );

  return (
    <main className="page" aria-labelledby="page-title">
      {back}
      <PageHeading title={environment ? environment.name : t`Nieuwe omgeving`} />
      <form onSubmit={save} noValidate className="admin-form">
        {field('name', t`Naam`)}
        {field(
          'tenancyName',
          t`Korte naam`,
          t`Hiermee kiezen collega's de omgeving bij het inloggen: begint met een letter, daarna letters, cijfers, - of _.`,
        )}
        {!environment &&
          field(
            'adminEmailAddress',
            t`E-mailadres van de eerste beheerder`,
            t`Het e-mailadres waarmee die bij ons inlogt. Na het aanmaken geef je die persoon op de pagina van de omgeving de beheerrechten.`,
            'email',
          )}
        <label className="check">
          <input type="checkbox" checked={isActive} onChange={(event) => setActive(event.target.checked)} />
          {t`Actief: collega's kunnen in deze omgeving inloggen`}
        </label>
        <FieldError form={form} name="isActive" />
        <FormAlert form={form} />
        <SaveBar form={form} label={environment ? t`Opslaan` : t`Omgeving aanmaken`} saved={saved} />
      </form>
      {children}
    </main>
  );
}
