// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AbpClient } from '../../src/abp/client.ts';
import { getRoleForEdit, roleFields, saveRole, updateRole, type RoleFields, type RoleForEdit } from '../../src/management/roles.ts';
import { useMergedSave } from '../../src/edits/useMergedSave.ts';

// A role's save stands on what ABP holds, never on the permissions
// `Role/Update` lists: ABP maps its role entity, whose permission collection
// holds only what that request touched once GetRoleForEdit has put the
// role's permissions in ABP's cache (docs/abp.md, "What the app trusts").

const EDITABLE = ['name', 'displayName', 'description', 'grantedPermissions'] as const;

/**
 * One role at an ABP host, answering as ABP does: GetRoleForEdit what is
 * stored (and the role's permissions are cached from then on); Role/Update
 * stores what it is sent and lists the grants it added or removed while
 * cached, every grant the role had plus those added otherwise.
 */
function abpWithRole(granted: string[]) {
  const stored = { name: 'Monteur', displayName: 'Monteur', description: null as string | null, granted: [...granted] };
  let cached = false;
  const updates: unknown[] = [];
  const edit = (): RoleForEdit => ({
    role: { id: 5, name: stored.name, displayName: stored.displayName, description: stored.description, isStatic: false },
    permissions: [],
    grantedPermissionNames: [...stored.granted],
  });
  const client = {
    get: async (path: string) => {
      expect(path).toMatch(/Role\/GetRoleForEdit\?Id=5$/);
      cached = true;
      return edit();
    },
    put: async (path: string, body: { name: string; displayName: string; description: string | null; grantedPermissions: string[] }) => {
      expect(path).toMatch(/Role\/Update$/);
      updates.push(body);
      const before = stored.granted;
      const removed = before.filter((name) => !body.grantedPermissions.includes(name));
      const added = body.grantedPermissions.filter((name) => !before.includes(name));
      const listed = cached ? [...removed, ...added] : [...before, ...added];
      Object.assign(stored, {
        name: body.name,
        displayName: body.displayName,
        description: body.description,
        granted: [...before.filter((name) => !removed.includes(name)), ...added],
      });
      if (removed.length + added.length > 0) cached = false;
      return {
        id: 5,
        name: stored.name,
        displayName: stored.displayName,
        normalizedName: stored.name.toUpperCase(),
        description: stored.description,
        grantedPermissions: listed,
      };
    },
  } as unknown as AbpClient;
  return {
    client,
    updates,
    /** Another administrator's save, straight at ABP. */
    change: (permissions: string[]) => {
      stored.granted = [...permissions];
      cached = false;
    },
    stored: () => [...stored.granted],
    edit,
  };
}

/** The role form's save as Rollen wires it: GetRoleForEdit just before, then saveRole. */
function renderRoleSave(abp: ReturnType<typeof abpWithRole>, opened: RoleFields) {
  let shown = opened;
  let mine = opened;
  const hook = renderHook(() =>
    useMergedSave({
      opened,
      mine,
      editable: EDITABLE,
      reread: async () => {
        const record = await getRoleForEdit(abp.client, 5);
        return { record, fields: roleFields(record) };
      },
      send: (_record, fields) => saveRole(abp.client, 5, fields),
      show: (fields) => {
        shown = fields;
        mine = fields;
      },
    }),
  );
  return {
    tick: (permissions: readonly string[]) => {
      mine = { ...mine, grantedPermissions: permissions };
      hook.rerender();
    },
    save: () => act(() => hook.result.current.save()),
    others: () => hook.result.current.others,
    shown: () => [...shown.grantedPermissions].sort(),
  };
}

describe('a role as ABP holds it after Role/Update', () => {
  it('has the permissions sent, whatever the answer lists: the one added, the one removed, or every one it had', async () => {
    const sent = {
      id: 5,
      name: 'Monteur',
      displayName: 'Monteur',
      normalizedName: 'MONTEUR',
      description: null,
      grantedPermissions: ['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing'],
    };
    for (const listed of [['Pages.Marketing'], ['Pages.Verkoop'], ['Pages.Crm', 'Pages.Uitvoering', 'Pages.Verkoop'], []]) {
      const client = { put: async () => ({ ...sent, grantedPermissions: listed }) } as unknown as AbpClient;
      expect((await updateRole(client, sent)).grantedPermissions).toEqual(sent.grantedPermissions);
    }
  });

  it("two saves in a row: each shows all of the role's permissions, and the second finds no change by anyone else", async () => {
    const abp = abpWithRole(['Pages.Crm', 'Pages.Uitvoering']);
    const form = renderRoleSave(abp, roleFields(abp.edit()));
    form.tick(['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing']);
    await form.save();
    expect(form.shown()).toEqual(['Pages.Crm', 'Pages.Marketing', 'Pages.Uitvoering']);
    expect((abp.updates[0] as { grantedPermissions: string[] }).grantedPermissions).toHaveLength(3);

    form.tick(['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing', 'Pages.Zakelijk']);
    await form.save();
    expect(form.others(), 'no conflict').toBeUndefined();
    expect(form.shown()).toEqual(['Pages.Crm', 'Pages.Marketing', 'Pages.Uitvoering', 'Pages.Zakelijk']);
    expect(abp.stored().sort()).toEqual(form.shown());
  });

  it('a removal shows the permissions that remain', async () => {
    const abp = abpWithRole(['Pages.Crm', 'Pages.Uitvoering', 'Pages.Verkoop']);
    const form = renderRoleSave(abp, roleFields(abp.edit()));
    form.tick(['Pages.Crm', 'Pages.Uitvoering']);
    await form.save();
    expect(form.shown()).toEqual(['Pages.Crm', 'Pages.Uitvoering']);
    expect(abp.stored().sort()).toEqual(['Pages.Crm', 'Pages.Uitvoering']);
  });

  it("another administrator's real change between two saves is still listed, with what ABP holds as theirs, and nothing is sent", async () => {
    const abp = abpWithRole(['Pages.Crm', 'Pages.Uitvoering']);
    const form = renderRoleSave(abp, roleFields(abp.edit()));
    form.tick(['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing']);
    await form.save();
    abp.change(['Pages.Crm', 'Pages.Marketing']);

    form.tick(['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing', 'Pages.Zakelijk']);
    await form.save();
    expect(form.others()).toEqual([
      // Merged name by name: they took Uitvoering away, this administrator added Zakelijk; no permission changed on both sides.
      {
        field: 'grantedPermissions',
        opened: ['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing'],
        theirs: ['Pages.Crm', 'Pages.Marketing'],
        mine: ['Pages.Crm', 'Pages.Uitvoering', 'Pages.Marketing', 'Pages.Zakelijk'],
        bothChanged: false,
      },
    ]);
    expect(abp.updates).toHaveLength(1);
  });
});
