import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { memo, startTransition, useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { logError } from '../lib/log.ts';
import {
  deleteUser,
  getAssignableRoles,
  getUser,
  roleLabels,
  setUserActive,
  updateUser,
  type AssignableRole,
  type ChangedSince,
  type User,
} from '../management/users.ts';
import { ChangedAfterWrite, StatusPutBack, useReadBack } from '../edits/readBack.tsx';
import { OwnNameInAbp } from '../edits/OwnNameInAbp.tsx';
import { listed, searchListed, type Listed } from '../management/userDirectory.ts';
import type { SessionUser } from '../abp/session.ts';
import { describeError } from '../errors/describeError.ts';
import { useUserDirectory } from './useUserDirectory.ts';
import { useApi } from '../boot/api.ts';
import { restartBoot } from '../boot/restart.ts';
import { useBootActor, useIsGranted, useSession } from '../boot/useBoot.ts';
import { Field, FieldError, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { NoAccess } from '../ui/NoAccess.lazy.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import type { Section, SectionPage } from '../section/section.ts';
import { OtherChanges } from '../edits/OtherChanges.tsx';
import { AdminTable, BackLink, ConfirmDelete, LoadFailure, NameCell, SaveBar } from './parts.tsx';
import { useMergedSave } from '../edits/useMergedSave.ts';
import { sameValue, type FieldValue } from '../edits/mergeEdit.ts';
import { BUILT_IN_ADMIN } from '../management/handover.ts';
import { readListSearch, writeListSearch, type ListSearch } from '../management/listSearch.ts';
import { useServerData } from '../section/useServerData.ts';
import '../ui/forms.css';
import './beheer.css';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Whom Gebruikers just deleted: the list says so once it is back. */
    deletedPerson?: string;
  }
}

/** People per page of the list. */
const PAGE_SIZE = 20;

/** Gebruikers: the list, or one person when the address names an id. */
export function Screen({ section, page, id }: { section: Section; page: SectionPage; id: string | undefined }) {
  return id === undefined ? <UserList section={section} page={page} /> : <UserDetail section={section} page={page} id={id} />;
}

function UserList({ section, page }: { section: Section; page: SectionPage }) {
  const api = useApi();
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  const searchId = useId();
  const statusId = useId();
  const navigate = useNavigate();
  const address = useSearch({ strict: false });
  // A search made here is drawn first, as a transition (in slices, the field stays responsive), and only then put
  // in the address: the router's navigation is a task of its own, which finds the list already drawn.
  const [made, setMade] = useState<{ over: typeof address; search: ListSearch }>();
  const search = made?.over === address ? made.search : readListSearch(address);
  const [typed, setTyped] = useState(search.zoek);
  const directory = useUserDirectory();
  const me = useSession()?.user;
  const people = useOwnName(directory.people, me);
  const isActive = search.status === 'alle' ? undefined : search.status === 'actief';
  // Worked out here, without a request: the list is read once per visit (useUserDirectory).
  const found = useMemo(() => searchListed(people, search.zoek, isActive), [people, search.zoek, isActive]);
  const error = useMemo(() => (directory.error === undefined ? undefined : describeError(directory.error, i18n)), [directory.error, i18n]);
  useEffect(() => {
    if (directory.error !== undefined) logError('users', directory.error);
  }, [directory.error]);
  const roles = useServerData('roles', () => getAssignableRoles(api), 'users');
  // Out of the press's own task too: the press stays short whatever else the page does with it.
  const go = (next: ListSearch) => void setTimeout(() => startTransition(() => setMade({ over: address, search: next })));
  useEffect(() => {
    if (made?.over !== address) return;
    const later = setTimeout(() => void navigate({ to: '.', search: writeListSearch(made.search) }));
    return () => clearTimeout(later);
  }, [made, address, navigate]);
  const deleted = useLocation({ select: (location) => location.state.deletedPerson });
  const skip = (search.pagina - 1) * PAGE_SIZE;
  const shown = useMemo(() => found.slice(skip, skip + PAGE_SIZE), [found, skip]);

  if (error?.action === 'forbidden') return <NoAccess />;
  const reading = !directory.complete && error === undefined;
  // Everyone, unfiltered: ABP's count holds from its first answer; a search or filter counts only what is read.
  const total = search.zoek.trim() === '' && isActive === undefined && directory.total !== undefined ? directory.total : found.length;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = shown.length === 0 ? 0 : skip + 1;
  const last = skip + shown.length;
  const current = search.pagina;
  const count = found.length;
  const read = directory.people.length;
  const all = directory.total ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ ...search, zoek: typed.trim(), pagina: 1 });
  };

  let status: string;
  if ((directory.total === undefined || (reading && total > 0 && shown.length === 0)) && error === undefined)
    status = t`Gebruikers worden geladen…`;
  else if (reading && total !== directory.total) status = t`${count} gevonden tot nu toe; ${read} van ${all} gebruikers gelezen…`;
  else status = total === 0 ? t`Niemand gevonden.` : t`${first}–${last} van ${total}`;

  return (
    <main className="page" aria-labelledby="page-title">
      <BackLink section={section} />
      <PageHeading title={i18n._(page.label)} />
      <p className="note">
        <Trans>
          Iedereen logt in bij de inlogdienst van het bedrijf. Een nieuwe collega staat hier na de eerste keer inloggen; geef hem of haar
          dan een rol, of activeer het account als het nog niet actief is.
        </Trans>
      </p>
      {deleted && (
        <p className="saved" role="status">
          <Trans>{deleted} is verwijderd en kan niet meer inloggen.</Trans>
        </p>
      )}
      <OwnNameInAbp held={directory.people} onCopied={directory.refresh} />
      <form className="list-tools" role="search" onSubmit={submit}>
        <div className="field">
          <label htmlFor={searchId}>{t`Zoeken op naam, gebruikersnaam of e-mail`}</label>
          <span className="check__hint" id={`${searchId}-hint`}>
            <Trans>Voornaam, achternaam, gebruikersnaam of e-mailadres; een deel is genoeg, hoofdletters maken niet uit.</Trans>
          </span>
          <input
            id={searchId}
            type="search"
            aria-describedby={`${searchId}-hint`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={statusId}>{t`Toon`}</label>
          <select
            id={statusId}
            value={search.status}
            onChange={(event) =>
              go({
                ...search,
                zoek: typed.trim(),
                status: event.target.value === 'actief' || event.target.value === 'inactief' ? event.target.value : 'alle',
                pagina: 1,
              })
            }
          >
            <option value="alle">{t`Iedereen`}</option>
            <option value="actief">{t`Actieve accounts`}</option>
            <option value="inactief">{t`Niet actief (wacht op activering)`}</option>
          </select>
        </div>
        <button type="submit" className="button">
          <Trans>Zoeken</Trans>
        </button>
      </form>
      <LoadFailure error={error} onRetry={() => void directory.refresh()} />
      <p className="list-status" role="status" aria-live="polite" aria-busy={reading || directory.refreshing}>
        {status}
      </p>
      {/* The list shown stays usable while it is read again (after a write, or when it grew old); what changes comes in one go. */}
      {directory.refreshing && (
        <p className="list-refreshing note" role="status">
          <Trans>De lijst wordt bijgewerkt met wat anderen intussen hebben gewijzigd…</Trans>
        </p>
      )}
      {shown.length > 0 && (
        <AdminTable page={page} columns={[t`Naam`, t`Gebruikersnaam`, t`E-mailadres`, t`Rollen`, t`Status`]}>
          <UserRows shown={shown} section={section} page={page} roles={roles.data?.items} />
        </AdminTable>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t`Pagina's`}>
          <button
            type="button"
            className="button"
            disabled={search.pagina <= 1}
            onClick={() => go({ ...search, pagina: search.pagina - 1 })}
          >
            <Trans>Vorige</Trans>
          </button>
          <span>{t`Pagina ${current} van ${pages}`}</span>
          <button
            type="button"
            className="button"
            disabled={search.pagina >= pages}
            onClick={() => go({ ...search, pagina: search.pagina + 1 })}
          >
            <Trans>Volgende</Trans>
          </button>
        </nav>
      )}
    </main>
  );
}

/** The rows of one page of the list: drawn again only when the page's people (or the roles' names) change, not when the address catches up. */
const UserRows = memo(function UserRows({
  shown,
  section,
  page,
  roles,
}: {
  shown: readonly Listed[];
  section: Section;
  page: SectionPage;
  roles: readonly AssignableRole[] | undefined;
}) {
  const { t } = useMacroLingui();
  return (
    <tbody>
      {shown.map(({ user }) => (
        <tr key={user.id}>
          <NameCell section={section} page={page} id={user.id}>
            {user.fullName || user.userName}
          </NameCell>
          <td data-label={t`Gebruikersnaam`}>{user.userName}</td>
          <td data-label={t`E-mailadres`}>{user.emailAddress}</td>
          <td data-label={t`Rollen`}>{user.roleNames.length ? roleLabels(user.roleNames, roles) : t`Geen rol`}</td>
          <td data-label={t`Status`}>
            <ActiveBadge active={user.isActive} />
          </td>
        </tr>
      ))}
    </tbody>
  );
});

/**
 * One name per person: the app shows the provider's (the session holds it),
 * ABP keeps the one of the first sign-in. So the list shows and finds the
 * person who reads it by the name in their header, without writing
 * anything: ABP's copy changes only when they ask (OwnNameInAbp).
 */
function useOwnName(people: readonly Listed[], me: SessionUser | null | undefined): readonly Listed[] {
  const id = me?.id;
  const name = me?.name;
  const surname = me?.surname;
  return useMemo(() => {
    if (id === undefined || name === undefined || surname === undefined) return people;
    const at = people.findIndex((person) => person.user.id === id);
    const held = people[at]?.user;
    if (!held || (held.name === name && held.surname === surname)) return people;
    const own = [...people];
    own[at] = listed({ ...held, name, surname, fullName: `${name} ${surname}` });
    return own;
  }, [people, id, name, surname]);
}

function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className="badge badge--active">
      <Trans>Actief</Trans>
    </span>
  ) : (
    <span className="badge badge--inactive">
      <Trans>Niet actief</Trans>
    </span>
  );
}

function UserDetail({ section, page, id }: { section: Section; page: SectionPage; id: string }) {
  const api = useApi();
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  const userId = Number(id);
  const user = useServerData(`user:${id}`, () => getUser(api, userId), 'users');
  const roles = useServerData('roles', () => getAssignableRoles(api), 'users');
  const back = <BackLink section={section} page={page} />;
  if (user.error?.action === 'forbidden') return <NoAccess />;
  if (!Number.isInteger(userId) || userId <= 0 || user.error?.notFound) {
    return (
      <main className="page" aria-labelledby="page-title">
        {back}
        <PageHeading title={t`Deze persoon bestaat niet (meer)`} />
        <p>
          <Trans>Misschien is deze persoon verwijderd, of klopt de link niet. In de lijst staat iedereen die er nu is.</Trans>
        </p>
        <p>
          <Link to="/$section/$" params={{ section: section.key, _splat: page.key }} className="button button--primary">
            <Trans>Naar de lijst van gebruikers</Trans>
          </Link>
        </p>
      </main>
    );
  }
  if (user.error || roles.error) {
    return (
      <main className="page" aria-labelledby="page-title">
        {back}
        <PageHeading title={i18n._(page.label)} />
        <LoadFailure error={user.error ?? roles.error} onRetry={() => (user.error ? user.reload() : roles.reload())} />
      </main>
    );
  }
  if (!user.data || !roles.data) {
    return (
      <main className="page" aria-labelledby="page-title" aria-busy="true">
        {back}
        <PageHeading title={i18n._(page.label)} />
        <p role="status">
          <Trans>Gegevens worden geladen…</Trans>
        </p>
      </main>
    );
  }
  return (
    <UserForm
      key={user.data.id}
      back={back}
      user={user.data}
      roles={roles.data.items}
      onChanged={user.reload}
      section={section}
      page={page}
    />
  );
}

interface UserFormProps {
  back: ReactNode;
  user: User;
  roles: readonly AssignableRole[];
  onChanged: () => void;
  section: Section;
  page: SectionPage;
}

/** A person as the form edits them (roles by the names the form ticks), and whether the account is active, which the page shows. */
type PersonFields = {
  name: string;
  surname: string;
  userName: string;
  emailAddress: string;
  roleNames: readonly string[];
  isActive: boolean;
};
const EDITABLE = ['name', 'surname', 'userName', 'emailAddress', 'roleNames'] as const;

function personFields(user: User, roles: readonly AssignableRole[]): PersonFields {
  const roleNames = user.roleNames.map((name) => roles.find((role) => role.normalizedName === name || role.name === name)?.name ?? name);
  return {
    name: user.name,
    surname: user.surname,
    userName: user.userName,
    emailAddress: user.emailAddress,
    roleNames,
    isActive: user.isActive,
  };
}

function UserForm({ back, user, roles, onChanged, section, page }: UserFormProps) {
  const api = useApi();
  const { t } = useMacroLingui();
  const navigate = useNavigate();
  const prefix = useId();
  const me = useSession()?.user?.id === user.id;
  const boot = useBootActor();
  const mayActivate = useIsGranted('Pages.Users.Activation');
  const [opened] = useState(() => personFields(user, roles));
  const [values, setValues] = useState({
    name: user.name,
    surname: user.surname,
    userName: user.userName,
    emailAddress: user.emailAddress,
  });
  const [chosen, setChosen] = useState(() => new Set(opened.roleNames));
  const [active, setActive] = useState(user.isActive);
  const [saved, setSaved] = useState<string>();
  const fullName = user.fullName || user.userName;
  const builtInAdmin = user.userName.toLowerCase() === BUILT_IN_ADMIN;
  const form = useAbpForm({
    fields: ['name', 'surname', 'userName', 'emailAddress', 'roleNames'],
    area: 'users',
    fallback: t`De gegevens van ${fullName} konden niet worden opgeslagen.`,
  });
  const activation = useAbpForm({ fields: [], area: 'users', fallback: t`De status van ${fullName} kon niet worden gewijzigd.` });
  const removal = useAbpForm({ fields: [], area: 'users', fallback: t`${fullName} kon niet worden verwijderd.` });
  const readBack = useReadBack(user.id, (now) => setActive(now.isActive));
  const merged = useMergedSave({
    opened,
    mine: { ...values, roleNames: [...chosen], isActive: active },
    editable: EDITABLE,
    reread: async () => {
      const record = await getUser(api, user.id);
      return { record, fields: personFields(record, roles) };
    },
    send: async (record, { isActive: _seen, ...fields }) => {
      const held = personFields(record, roles);
      if (EDITABLE.every((name) => sameValue(held[name], fields[name]))) {
        // Nothing of the person's differs from what ABP holds: nothing is written, and nothing can be written over.
        setActive(record.isActive);
        setSaved(t`Opgeslagen.`);
        return held;
      }
      // The roles only when they change: without them ABP leaves the roles as they are, whoever changed them since the read.
      const roleNames = sameValue(held.roleNames, fields.roleNames) ? null : [...fields.roleNames];
      const answer = await updateUser(api, { ...record, ...fields, roleNames });
      setActive(answer.isActive);
      readBack.watch({ written: answer }, true);
      // One's own roles decide one's permissions: start-up asks GetAll again, so the menu follows at once.
      if (me) await restartBoot(boot);
      setSaved(t`Opgeslagen.`);
      return personFields(answer, roles);
    },
    show: ({ roleNames, isActive, ...fields }) => {
      setValues(fields);
      setChosen(new Set(roleNames));
      setActive(isActive);
    },
  });
  const review = () => {
    merged.review();
    setSaved(
      t`Het formulier toont nu de nieuwste gegevens, met jouw wijzigingen erin. Er is nog niets opgeslagen: kijk ze na en klik op Opslaan.`,
    );
  };
  const save = form.onSubmit(async () => {
    setSaved(undefined);
    await merged.save();
  });
  const choose = (keep: 'mine' | 'theirs') => form.onSubmit(() => merged.choose(keep))();
  const toggleActive = activation.onSubmit(async () => {
    const status = !active;
    // As ABP holds the person just before: a save sent from an older read, which writes its status back over this one, shows in what else changed.
    const before = await getUser(api, user.id);
    await setUserActive(api, user.id, status);
    readBack.watch({ written: { ...before, isActive: status }, fields: ['isActive'], statusFrom: before });
    setActive(status);
    onChanged();
  });
  const restore = form.onSubmit(async () => {
    const found = readBack.found ?? [];
    const back = (field: ChangedSince['field']) => found.find((change) => change.field === field)?.written;
    const status = back('isActive');
    // The status through Activate/DeActivate, as the button does (its own permission); the rest through Update, roles only when they go back.
    if (typeof status === 'boolean') await setUserActive(api, user.id, status);
    let now = await getUser(api, user.id);
    if (found.some((change) => change.field !== 'isActive')) {
      const roleNames = back('roleNames');
      const texts = Object.fromEntries(
        found.filter((change) => typeof change.written === 'string').map((change) => [change.field, change.written]),
      );
      now = await updateUser(api, { ...now, ...texts, roleNames: Array.isArray(roleNames) ? [...roleNames] : null });
    }
    const restored = now;
    merged.stand(personFields(restored, roles));
    readBack.watch({ written: restored, fields: found.map((change) => change.field) });
    setSaved(t`Jouw versie is teruggezet.`);
    onChanged();
  });
  const remove = async () => {
    await deleteUser(api, user.id);
    void navigate({
      to: '/$section/$',
      params: { section: section.key, _splat: page.key },
      state: (previous) => ({ ...previous, deletedPerson: fullName }),
    });
  };
  const labels: Record<keyof PersonFields, string> = {
    name: t`Voornaam`,
    surname: t`Achternaam`,
    userName: t`Gebruikersnaam`,
    emailAddress: t`E-mailadres`,
    roleNames: t`Rollen`,
    isActive: t`Status`,
  };
  const shown = (field: keyof PersonFields, value: FieldValue): string => {
    if (field === 'isActive') return value ? t`Actief` : t`Niet actief`;
    if (Array.isArray(value)) return value.length ? roleLabels(value, roles) : t`Geen rol`;
    return typeof value === 'string' && value !== '' ? value : t`(leeg)`;
  };
  const field = (name: keyof typeof values, label: string, type = 'text', autoComplete = 'off') => (
    <Field form={form} name={name} label={label}>
      {(props) => (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <main className="page" aria-labelledby="page-title">
      {back}
      <PageHeading title={fullName} />
      <p>
        <ActiveBadge active={active} />
      </p>
      {builtInAdmin && (
        <p className="note" id={`${prefix}-built-in`}>
          <Trans>
            Dit is de ingebouwde beheerder (admin) van deze omgeving. Hij logt niet in via de inlogdienst, maar centraal beheer heeft hem
            nodig: om hier de eerste beheerder de beheerrechten te geven (de overdracht), en om de omgeving te herstellen als er geen
            beheerder meer is. Deactiveer of verwijder hem alleen in overleg met centraal beheer; zonder hem lukt een overdracht niet.
          </Trans>
        </p>
      )}
      {mayActivate && !me && (
        <form onSubmit={toggleActive} className="admin-form">
          <p>
            {active ? (
              <Trans>Wie gedeactiveerd is, kan niet meer inloggen. Wat deze persoon heeft gedaan blijft bewaard.</Trans>
            ) : (
              <Trans>Dit account is niet actief: deze persoon kan niet inloggen tot het is geactiveerd.</Trans>
            )}
          </p>
          <button
            type="submit"
            className={active ? 'button button--danger' : 'button button--primary'}
            disabled={activation.busy}
            aria-busy={activation.busy}
            aria-describedby={builtInAdmin ? `${prefix}-built-in` : undefined}
          >
            {active ? t`Deactiveren` : t`Activeren`}
          </button>
          <FormAlert form={activation} />
          <StatusPutBack status={readBack.putBack} fullName={fullName} />
        </form>
      )}
      <form onSubmit={save} noValidate className="admin-form">
        {field('name', t`Voornaam`, 'text', 'given-name')}
        {field('surname', t`Achternaam`, 'text', 'family-name')}
        {field('userName', t`Gebruikersnaam`)}
        {field('emailAddress', t`E-mailadres`, 'email', 'email')}
        <fieldset aria-describedby={form.field('roleNames')['aria-describedby']}>
          <legend>{t`Rollen`}</legend>
          {roles.map((role) => (
            <label key={role.id} className="check">
              <input
                type="checkbox"
                checked={chosen.has(role.name)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(role.name);
                  else next.delete(role.name);
                  setChosen(next);
                }}
              />
              {role.displayName}
            </label>
          ))}
          <FieldError form={form} name="roleNames" />
        </fieldset>
        {me && (
          <p className="note">
            <Trans>Dit is je eigen account: wat je aan je rollen verandert, geldt meteen voor wat je zelf ziet.</Trans>
          </p>
        )}
        {merged.others && (
          <OtherChanges
            others={merged.others}
            label={(name) => labels[name]}
            show={shown}
            busy={form.busy}
            onChoose={choose}
            onReview={review}
          />
        )}
        {readBack.found && (
          <ChangedAfterWrite
            found={readBack.found}
            fullName={fullName}
            label={(name) => labels[name]}
            show={shown}
            bySave={readBack.bySave}
            busy={form.busy}
            onRestore={restore}
            onLeave={readBack.dismiss}
          />
        )}
        <FormAlert form={form} />
        <SaveBar form={form} label={t`Opslaan`} saved={saved} />
      </form>
      {!me && (
        <ConfirmDelete
          form={removal}
          onDelete={remove}
          ask={t`${fullName} verwijderen…`}
          question={
            builtInAdmin
              ? t`Weet je zeker dat je de ingebouwde beheerder wilt verwijderen? Zonder hem kan centraal beheer in deze omgeving geen beheerrechten meer geven en de omgeving niet herstellen.`
              : t`Weet je zeker dat je ${fullName} wilt verwijderen? Deze persoon kan daarna niet meer inloggen en verdwijnt uit de lijst.`
          }
          confirm={t`Ja, ${fullName} verwijderen`}
        />
      )}
    </main>
  );
}
