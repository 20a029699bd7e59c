import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/management/roles.ts';
import { missingParents, permissionTree, selectionOf, toggle } from '../../src/management/permissionTree.ts';

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

// The recorded list (role.json `getallpermissions`), and the app's nesting: each page's right under its section's.
const RECORDED = [
  permission('Pages.Users.Activation', '[Users activation]'),
  permission('Pages.Admin', 'Administratie'),
  permission('Pages.Beheer', 'Beheer'),
  permission('Pages.Users', 'Gebruikers'),
  permission('Pages.Crm', 'Klantrelaties'),
  permission('Pages.Marketing', 'Marketing'),
  permission('Pages.Roles', 'Rollen'),
  permission('Pages.Uitvoering', 'Uitvoering'),
  permission('Pages.Verkoop', 'Verkoop'),
  permission('Pages.Wvb', 'Werkvoorbereiding'),
  permission('Pages.Zakelijk', 'Zakelijk'),
];
const APP = {
  parents: new Map([
    ['Pages.Users', 'Pages.Beheer'],
    ['Pages.Roles', 'Pages.Beheer'],
    ['Pages.Tenants', 'Pages.Beheer'],
  ]),
  order: [
    'Pages.Verkoop',
    'Pages.Crm',
    'Pages.Uitvoering',
    'Pages.Marketing',
    'Pages.Zakelijk',
    'Pages.Admin',
    'Pages.Beheer',
    'Pages.Wvb',
  ],
};

describe('the tree as the app needs it', () => {
  it('puts Beheer’s pages under Beheer and the sections in menu order', () => {
    expect(names(permissionTree(RECORDED, APP))).toEqual([
      'Pages.Verkoop',
      'Pages.Crm',
      'Pages.Uitvoering',
      'Pages.Marketing',
      'Pages.Zakelijk',
      'Pages.Admin',
      { 'Pages.Beheer': [{ 'Pages.Users': ['Pages.Users.Activation'] }, 'Pages.Roles'] },
      'Pages.Wvb',
    ]);
  });

  it('grants Beheer with Gebruikers, as the section route needs both', () => {
    const tree = permissionTree(RECORDED, APP);
    expect([...toggle(tree, new Set(['Pages.Crm']), 'Pages.Users.Activation', true)].sort()).toEqual([
      'Pages.Beheer',
      'Pages.Crm',
      'Pages.Users',
      'Pages.Users.Activation',
    ]);
  });

  it('names what a role saved elsewhere lacks: Gebruikers without Beheer', () => {
    const tree = permissionTree(RECORDED, APP);
    const lacking = missingParents(tree, new Set(['Pages.Crm', 'Pages.Users']));
    expect([...lacking.keys()]).toEqual(['Pages.Users']);
    expect(lacking.get('Pages.Users')?.map((node) => node.permission.name)).toEqual(['Pages.Beheer']);
    expect(missingParents(tree, new Set(['Pages.Beheer', 'Pages.Users'])).size).toBe(0);
  });

  it('follows a parentName a backend sends, and never closes a circle', () => {
    const withParent = [{ ...permission('Pages.Planning'), parentName: 'Pages.Uitvoering' }, permission('Pages.Uitvoering')];
    expect(names(permissionTree(withParent))).toEqual([{ 'Pages.Uitvoering': ['Pages.Planning'] }]);
    const circle = [
      { ...permission('A'), parentName: 'B' },
      { ...permission('B'), parentName: 'A' },
    ];
    expect(names(permissionTree(circle))).toEqual([{ A: ['B'] }]);
  });
});
