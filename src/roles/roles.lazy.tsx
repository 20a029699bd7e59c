import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacroLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  createRole,
  deleteRole,
  getAllPermissions,
  getRoleForEdit,
  getRoles,
  roleFields,
  roleInput,
  saveRole,
  type Permission,
  type RoleFields,
  type RoleForEdit,
} from '../management/roles.ts';
import { useApi } from '../boot/api.ts';
import { restartBoot } from '../boot/restart.ts';
import { userConfigurationOf } from '../boot/bootActor.ts';
import { useBootActor } from '../boot/useBoot.ts';
import { Field, FieldError, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { NoAccess } from '../ui/NoAccess.lazy.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import type { Section, SectionPage } from '../section/section.ts';
import { OtherChanges } from '../edits/OtherChanges.tsx';
import { AdminTable, BackLink, ConfirmDelete, ListLoading, LoadFailure, NameCell, NEW, NewItemLink, SaveBar } from '../beheer/parts.tsx';
import { useMergedSave } from '../edits/useMergedSave.ts';
import type { FieldValue } from '../edits/mergeEdit.ts';
import { missingParents, permissionTree, selectionOf, toggle, type PermissionNode } from '../management/permissionTree.ts';
import { untranslatedKey, wordsForKey } from '../errors/untranslatedKeys.ts';
import { useServerData } from '../section/useServerData.ts';
import '../ui/forms.css';
import '../beheer/beheer.css';

/** The address of a role not yet made. */

/** Rollen: the list, a new role (`/beheer/rollen/nieuw`) or one role by its id. */
/** The app's sections, which name their permissions (given by the route: importing the list would close a circle with it). */
const Sections = createContext<readonly Section[]>([]);

export function Screen({
  section,
  page,
  id,
  sections,
}: {
  section: Section;
  page: SectionPage;
  id: string | undefined;
  sections: readonly Section[];
}) {
  return (
    <Sections.Provider value={sections}>
      {id === undefined ? <RoleList section={section} page={page} /> : <RoleDetail page={page} id={id} section={section} />}
    </Sections.Provider>
  );
}

function RoleList({ section, page }: { section: Section; page: SectionPage }) {
  const api = useApi();
  const { i18n } = useLingui();
  const { t } = useMacroLingui();
  const roles = useServerData('roles', () => getRoles(api), 'roles');
  if (roles.error?.action === 'forbidden') return <NoAccess />;
  return (
    <main className="page" aria-labelledby="page-title">
      <BackLink section={section} />
      <PageHeading title={i18n._(page.label)} />
      <NewItemLink section={section} page={page}>
        <Trans>Nieuwe rol</Trans>
      </NewItemLink>
      <ListLoading list={roles} loading={t`Rollen worden geladen…`} />
      {roles.data && (
        <AdminTable page={page} columns={[t`Rol`, t`Omschrijving`, t`Rechten`]}>
          <tbody>
            {roles.data.items.map((role) => (
              <tr key={role.id}>
                <NameCell section={section} page={page} id={role.id}>
                  {role.displayName}
                </NameCell>
                <td data-label={t`Omschrijving`}>{role.description ?? ''}</td>
                <td data-label={t`Rechten`}>
                  <PermissionCount count={role.grantedPermissions.length} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </main>
  );
}

function PermissionCount({ count }: { count: number }) {
  const { t } = useMacroLingui();
  return <>{count === 1 ? t`1 recht` : t`${count} rechten`}</>;
}

/** A permission's name for people: ABP's display name, unless it sent its untranslated key in brackets ("[Users activation]"). */
function usePermissionLabel(): (permission: Permission) => string {
  const { i18n } = useLingui();
  const sections = useContext(Sections);
  return (permission) => {
    if (untranslatedKey(permission.displayName) === undefined) return permission.displayName;
    const section = sections.find((candidate) => candidate.permission === permission.name);
    if (section) return i18n._(section.label);
    const page = sections.flatMap((candidate) => candidate.pages ?? []).find((candidate) => candidate.permission === permission.name);
    if (page) return i18n._(page.label);
    return wordsForKey(i18n, permission.displayName)?.words ?? untranslatedKey(permission.displayName) ?? permission.name;
  };
}

/** The app's own nesting: each page's permission under its section's, the sections in menu order. */
function useTreeOptions() {
  const sections = useContext(Sections);
  return useMemo(
    () => ({
      parents: new Map(
        sections.flatMap((section) => (section.pages ?? []).map((page): [string, string] => [page.permission, section.permission])),
      ),
      order: sections.map((section) => section.permission),
    }),
    [sections],
  );
}

function RoleDetail({ section, page, id }: { section: Section; page: SectionPage; id: string }) {
  const api = useApi();
  const { i18n } = useLingui();
  const isNew = id === NEW;
  const role = useServerData(
    `role:${id}`,
    () =>
      isNew
        ? getAllPermissions(api).then((list): RoleForEdit => ({
            role: { id: 0, name: '', displayName: '', description: null, isStatic: false },
            permissions: list.items,
            grantedPermissionNames: [],
          }))
        : getRoleForEdit(api, Number(id)),
    'roles',
  );
  const back = <BackLink section={section} page={page} />;
  if (role.error?.action === 'forbidden') return <NoAccess />;
  if (role.error || !role.data) {
    return (
      <main className="page" aria-labelledby="page-title" aria-busy={!role.error}>
        {back}
        <PageHeading title={i18n._(page.label)} />
        {role.error ? (
          <LoadFailure error={role.error} onRetry={role.reload} />
        ) : (
          <p role="status">
            <Trans>Gegevens worden geladen…</Trans>
          </p>
        )}
      </main>
    );
  }
  return <RoleForm key={id} back={back} edit={role.data} isNew={isNew} section={section} page={page} />;
}

const ROLE_EDITABLE = ['name', 'displayName', 'description', 'grantedPermissions'] as const;

interface RoleFormProps {
  back: ReactNode;
  edit: RoleForEdit;
  isNew: boolean;
  section: Section;
  page: SectionPage;
}

function RoleForm({ back, edit, isNew, section, page }: RoleFormProps) {
  const api = useApi();
  const { t } = useMacroLingui();
  const navigate = useNavigate();
  const prefix = useId();
  const boot = useBootActor();
  const options = useTreeOptions();
  const tree = useMemo(() => permissionTree(edit.permissions, options), [edit.permissions, options]);
  const label = usePermissionLabel();
  const [opened] = useState(() => roleFields(edit));
  const [values, setValues] = useState({ name: opened.name, displayName: opened.displayName, description: opened.description });
  const [granted, setGranted] = useState<Set<string>>(() => new Set(opened.grantedPermissions));
  const [saved, setSaved] = useState<string>();
  const form = useAbpForm({
    fields: ['name', 'displayName', 'description', 'grantedPermissions'],
    area: 'roles',
    fallback: t`De rol kon niet worden opgeslagen.`,
  });
  const removal = useAbpForm({ fields: [], area: 'roles', fallback: t`De rol kon niet worden verwijderd.` });
  const roleName = edit.role.displayName;
  const title = isNew ? t`Nieuwe rol` : roleName;
  const { isStatic } = edit.role;

  const merged = useMergedSave({
    opened,
    mine: { ...values, grantedPermissions: [...granted] },
    editable: ROLE_EDITABLE,
    reread: async () => {
      const record = await getRoleForEdit(api, edit.role.id);
      return { record, fields: roleFields(record) };
    },
    send: async (_record, fields) => {
      // What ABP holds now: the form and the next save's merge check stand on it, not on Role/Update's list of permissions.
      const held = await saveRole(api, edit.role.id, fields);
      // Whoever holds this role may hold other permissions now, the signed-in person too: GetAll again.
      if (userConfigurationOf(boot.getSnapshot())?.session.userId != null) await restartBoot(boot);
      setSaved(t`Opgeslagen. Collega's met deze rol zien de nieuwe rechten zodra ze de app opnieuw openen.`);
      return held;
    },
    show: ({ grantedPermissions, ...fields }) => {
      setValues(fields);
      setGranted(new Set(grantedPermissions));
    },
  });
  const review = () => {
    merged.review();
    setSaved(
      t`Het formulier toont nu de nieuwste gegevens, met jouw wijzigingen erin. Er is nog niets opgeslagen: kijk ze na en klik op Opslaan.`,
    );
  };
  const lacking = missingParents(tree, granted);
  const save = form.onSubmit(async () => {
    setSaved(undefined);
    const [first] = lacking;
    if (first) {
      const [name, parents] = first;
      const child = label(
        edit.permissions.find((permission) => permission.name === name) ?? { name, displayName: name, description: null },
      );
      const right = parents.map((parent) => label(parent.permission)).join(', ');
      return form.fail(
        t`${child} opent niets zonder ${right}. Vink ${right} aan, of haal het vinkje bij ${child} weg.`,
        'grantedPermissions',
      );
    }
    if (isNew) {
      const created = await createRole(api, roleInput({ ...values, grantedPermissions: [...granted] }));
      void navigate({ to: '/$section/$', params: { section: section.key, _splat: `${page.key}/${String(created.id)}` } });
      return;
    }
    await merged.save();
  });
  const choose = (keep: 'mine' | 'theirs') => form.onSubmit(() => merged.choose(keep))();
  const labels: Record<keyof RoleFields, string> = {
    name: t`Naam (voor het systeem)`,
    displayName: t`Naam zoals collega's hem zien`,
    description: t`Omschrijving`,
    grantedPermissions: t`Rechten`,
  };
  const shown = (_field: keyof RoleFields, value: FieldValue): string => {
    if (Array.isArray(value)) {
      if (value.length === 0) return t`Geen rechten`;
      return value
        .map((name) =>
          label(edit.permissions.find((permission) => permission.name === name) ?? { name, displayName: name, description: null }),
        )
        .join(', ');
    }
    return typeof value === 'string' && value !== '' ? value : t`(leeg)`;
  };
  const remove = async () => {
    await deleteRole(api, edit.role.id);
    void navigate({ to: '/$section/$', params: { section: section.key, _splat: page.key } });
  };
  const field = (name: keyof typeof values, label: string, disabled = false) => (
    <Field form={form} name={name} label={label}>
      {(props) => (
        <input
          {...props}
          value={values[name]}
          disabled={disabled}
          onChange={(event) => setValues({ ...values, [name]: event.target.value })}
        />
      )}
    </Field>
  );

  return (
    <main className="page" aria-labelledby="page-title">
      {back}
      <PageHeading title={title} />
      {isStatic && (
        <p className="note">
          <Trans>
            Dit is een vaste rol van het systeem: de naam blijft zoals hij is en de rol kan niet worden verwijderd. De rechten kun je wel
            aanpassen.
          </Trans>
        </p>
      )}
      <form onSubmit={save} noValidate className="admin-form">
        {field('name', t`Naam (voor het systeem)`, isStatic)}
        {field('displayName', t`Naam zoals collega's hem zien`)}
        {field('description', t`Omschrijving`)}
        <fieldset>
          <legend>{t`Rechten`}</legend>
          <p className="check__hint" id={`${prefix}-permissions-hint`}>
            <Trans>
              Een recht dat onder een ander staat, werkt alleen samen met het recht erboven. Vink je het aan, dan komt het recht erboven
              vanzelf mee.
            </Trans>
          </p>
          <PermissionList
            nodes={tree}
            granted={granted}
            lacking={lacking}
            onToggle={(name, on) => setGranted(toggle(tree, granted, name, on))}
          />
          <FieldError form={form} name="grantedPermissions" />
        </fieldset>
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
        <FormAlert form={form} />
        <SaveBar form={form} label={isNew ? t`Rol aanmaken` : t`Opslaan`} saved={saved} />
      </form>
      {!isNew && !isStatic && (
        <ConfirmDelete
          form={removal}
          onDelete={remove}
          ask={t`Rol ${roleName} verwijderen…`}
          question={t`Weet je zeker dat je de rol ${roleName} wilt verwijderen? Wie deze rol had, verliest de rechten die erbij horen.`}
          confirm={t`Ja, ${roleName} verwijderen`}
        />
      )}
    </main>
  );
}

interface PermissionListProps {
  nodes: readonly PermissionNode[];
  granted: ReadonlySet<string>;
  /** Granted permissions whose parents are not: each says what it needs. */
  lacking: ReadonlyMap<string, PermissionNode[]>;
  onToggle: (name: string, on: boolean) => void;
  nested?: boolean;
}

/** The permissions as a tree of checkboxes: a parent with some of its children is shown half-ticked (`indeterminate`). */
function PermissionList({ nodes, granted, lacking, onToggle, nested = false }: PermissionListProps) {
  return (
    <ul className={nested ? undefined : 'permission-tree'}>
      {nodes.map((node) => (
        <li key={node.permission.name}>
          <PermissionCheck node={node} granted={granted} lacking={lacking.get(node.permission.name)} onToggle={onToggle} />
          {node.children.length > 0 && (
            <PermissionList nodes={node.children} granted={granted} lacking={lacking} onToggle={onToggle} nested />
          )}
        </li>
      ))}
    </ul>
  );
}

interface PermissionCheckProps {
  node: PermissionNode;
  granted: ReadonlySet<string>;
  lacking: PermissionNode[] | undefined;
  onToggle: (name: string, on: boolean) => void;
}

function PermissionCheck({ node, granted, lacking, onToggle }: PermissionCheckProps) {
  const label = usePermissionLabel();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const selection = selectionOf(node, granted);
  const checked = granted.has(node.permission.name);
  useEffect(() => {
    if (input.current) input.current.indeterminate = checked && selection === 'some';
  }, [checked, selection]);
  const needs = lacking?.map((parent) => label(parent.permission)).join(', ');
  return (
    <>
      <label className="check">
        <input
          ref={input}
          type="checkbox"
          name="grantedPermissions"
          value={node.permission.name}
          checked={checked}
          aria-describedby={needs ? hintId : undefined}
          onChange={(event) => onToggle(node.permission.name, event.target.checked)}
        />
        <span>
          {label(node.permission)}
          {node.permission.description && <span className="check__hint"> — {node.permission.description}</span>}
        </span>
      </label>
      {needs && (
        <p className="form-error field-error" id={hintId}>
          <Trans>Opent niets zonder {needs}: vink dat ook aan.</Trans>
        </p>
      )}
    </>
  );
}
