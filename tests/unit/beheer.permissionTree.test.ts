import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/management/roles.ts';
import { permissionTree, selectionOf, toggle } from '../../src/beheer/permissionTree.ts';

const permission = (name: string, displayName = name): Permission => ({ name, displayName, description: null });

// As ABP sends them (role.json `getallpermissions`): flat, ordered by display name, children before parents.
const PERMISSIONS = [
  permission('Pages.Users.Activation', '[Users activation]'),
  permission('Pages.Admin', 'Administratie'),
  permission('Pages.Users', 'Gebruikers'),
  permission('Pages.Crm', 'Klantrelaties'),
  permission('Pages.Roles', 'Rollen'),
  permission('Pages.Crm.Klanten.Bewerken', 'Klanten bewerken'),
];

const names = (nodes: ReturnType<typeof permissionTree>): unknown =>
  nodes.map((node) => (node.children.length ? { [node.permission.name]: names(node.children) } : node.permission.name));

describe('the permission tree from ABP’s flat list', () => {
  it('hangs a permission under the longest name it extends, whatever the order, skipping missing levels', () => {
    expect(names(permissionTree(PERMISSIONS))).toEqual([
      'Pages.Admin',
      { 'Pages.Users': ['Pages.Users.Activation'] },
      { 'Pages.Crm': ['Pages.Crm.Klanten.Bewerken'] },
      'Pages.Roles',
    ]);
  });

  it('does not take a name that merely starts alike for a parent', () => {
    expect(names(permissionTree([permission('Pages.User'), permission('Pages.Users')]))).toEqual(['Pages.User', 'Pages.Users']);
  });

  it('tells all, some and none for a parent and its children', () => {
    const [, users] = permissionTree(PERMISSIONS);
    expect(selectionOf(users!, new Set(['Pages.Users', 'Pages.Users.Activation']))).toBe('all');
    expect(selectionOf(users!, new Set(['Pages.Users']))).toBe('some');
    expect(selectionOf(users!, new Set(['Pages.Users.Activation']))).toBe('some');
    expect(selectionOf(users!, new Set(['Pages.Crm']))).toBe('none');
  });

  it('ticking a parent grants its children; clearing it clears them', () => {
    const tree = permissionTree(PERMISSIONS);
    const on = toggle(tree, new Set(['Pages.Crm']), 'Pages.Users', true);
    expect([...on].sort()).toEqual(['Pages.Crm', 'Pages.Users', 'Pages.Users.Activation']);
    expect([...toggle(tree, on, 'Pages.Users', false)]).toEqual(['Pages.Crm']);
  });

  it('ticking a child grants the parents above it, as ABP needs them; clearing a child keeps its parent', () => {
    const tree = permissionTree(PERMISSIONS);
    const on = toggle(tree, new Set(), 'Pages.Crm.Klanten.Bewerken', true);
    expect([...on].sort()).toEqual(['Pages.Crm', 'Pages.Crm.Klanten.Bewerken']);
    expect([...toggle(tree, on, 'Pages.Crm.Klanten.Bewerken', false)]).toEqual(['Pages.Crm']);
  });

  it('leaves the selection as it was for a name not in the tree', () => {
    expect([...toggle(permissionTree(PERMISSIONS), new Set(['Pages.Crm']), 'Pages.Nope', true)]).toEqual(['Pages.Crm']);
  });
});
