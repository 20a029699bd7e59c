// Demo data for the local stack. Everything a developer needs to sign in or
// to reproduce a tenant or activation problem lives here, in one place. The
// world is the one the real ABP host was recorded in (tests/contract/recorded/
// README.md): the same tenants, user ids, roles and external logins, so the
// stand-in's answers can be compared with the recordings exchange by exchange.

import { SECTIONS } from '../src/sections/sections.lazy.ts';

/** Shared demo password for every provider account. Hashed at start-up. */
export const DEMO_PASSWORD = '123qwe';

export interface SeedTenant {
  id: number;
  tenancyName: string;
  name: string;
  isActive: boolean;
}

export const tenants: readonly SeedTenant[] = [
  { id: 1, tenancyName: 'Default', name: 'Default', isActive: true },
  { id: 2, tenancyName: 'Noord', name: 'Isolatie Noord', isActive: true },
  // Inactive, so the tenant switch can show its "not active" error.
  { id: 3, tenancyName: 'Zuid', name: 'Isolatie Zuid', isActive: false },
];

/** An account at the identity provider. `sub` differs from the user name on
 * purpose, so a client that sends the wrong one as providerKey fails. */
export interface IdentityUser {
  sub: string;
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
}

export const identityUsers: readonly IdentityUser[] = [
  { sub: 'idp-0001-admin', userName: 'admin', givenName: 'Beheerder', familyName: 'Admin', email: 'admin@isolatie.local' },
  { sub: 'idp-0002-monteur', userName: 'monteur', givenName: 'Piet', familyName: 'Monteur', email: 'monteur@isolatie.local' },
  { sub: 'idp-0003-nieuw', userName: 'nieuw', givenName: 'Nieuwe', familyName: 'Medewerker', email: 'nieuw@isolatie.local' },
  // Known to the provider only: the backend registers her at her first sign-in.
  { sub: 'idp-0004-vreemde', userName: 'vreemde', givenName: 'Vera', familyName: 'Vreemde', email: 'vreemde@extern.local' },
  // The host's administrator (API user 1) at the provider, so the host can sign in as staff do (not in the recorded world).
  { sub: 'idp-0005-host', userName: 'host', givenName: 'Beheerder', familyName: 'Host', email: 'host@isolatie.local' },
];

/** A permission as ABP defines it: its name, the text key of its display name, and whether only the host has it. */
export interface SeedPermission {
  name: string;
  /** Key in the localization source; `Required permissions are not granted … : <display name>` names it. */
  displayName: string;
  hostOnly?: boolean;
}

/**
 * Every permission the backend knows, in ABP's order: the template's
 * (`Pages.Tenants` on the host side only), then one per business section of
 * src/sections/sections.lazy.ts, in menu order.
 */
export const permissions: readonly SeedPermission[] = [
  { name: 'Pages.Users', displayName: 'Users' },
  { name: 'Pages.Users.Activation', displayName: 'UsersActivation' },
  { name: 'Pages.Roles', displayName: 'Roles' },
  { name: 'Pages.Tenants', displayName: 'Tenants', hostOnly: true },
  ...SECTIONS.map((section) => ({ name: section.permission, displayName: menuName(section.key) })),
];

export const allPermissions: readonly string[] = permissions.map((p) => p.name);

/** The name of a section's menu item and of its text (`verkoop` → `Verkoop`). */
export function menuName(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}

/** A role (ABP's AbpRoles row): users have roles, permissions come from roles. */
export interface SeedRole {
  id: number;
  /** null: a role of the host. */
  tenantId: number | null;
  name: string;
  displayName: string;
  /** A static role (the template's Admin): ABP refuses to delete it. */
  isStatic?: boolean;
  /** Granted, in the order the grants were stored (Role/GetAll lists them so). */
  permissions: readonly string[];
}

const hostPermissions = allPermissions;
const tenantPermissions = permissions.filter((p) => !p.hostOnly).map((p) => p.name);

export const roles: readonly SeedRole[] = [
  { id: 1, tenantId: null, name: 'Admin', displayName: 'Admin', isStatic: true, permissions: hostPermissions },
  { id: 2, tenantId: 1, name: 'Admin', displayName: 'Admin', isStatic: true, permissions: tenantPermissions },
  { id: 3, tenantId: 2, name: 'Admin', displayName: 'Admin', isStatic: true, permissions: tenantPermissions },
  { id: 4, tenantId: 3, name: 'Admin', displayName: 'Admin', isStatic: true, permissions: tenantPermissions },
  { id: 5, tenantId: 1, name: 'Monteur', displayName: 'Monteur', permissions: ['Pages.Uitvoering', 'Pages.Crm'] },
];

/** The permissions a side may grant: the host all, a tenant all but the host-only ones (ABP's multiTenancySides). */
export function permissionsOfSide(tenantId: number | null): readonly SeedPermission[] {
  return tenantId === null ? permissions : permissions.filter((p) => !p.hostOnly);
}

/** A user of the ABP backend, scoped to one tenant (or the host) like ABP's AbpUsers row, with the names of its roles. */
export interface SeedUser {
  id: number;
  /** null: a user of the host. */
  tenantId: number | null;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
  roleNames: readonly string[];
}

/** Every seeded user's password for `TokenAuth/Authenticate` (users registered through the provider get none). */
export const API_PASSWORD = DEMO_PASSWORD;

export const apiUsers: readonly SeedUser[] = [
  // The template's host administrator: no tenant; its external login is the provider's `host` (below).
  {
    id: 1,
    tenantId: null,
    userName: 'admin',
    name: 'admin',
    surname: 'admin',
    emailAddress: 'admin@aspnetboilerplate.com',
    isActive: true,
    roleNames: ['Admin'],
  },
  {
    id: 2,
    tenantId: 1,
    userName: 'admin',
    name: 'Beheerder',
    surname: 'Admin',
    emailAddress: 'admin@isolatie.local',
    isActive: true,
    roleNames: ['Admin'],
  },
  // Same person in a second tenant, so a tenant switch can be signed in to.
  {
    id: 3,
    tenantId: 2,
    userName: 'admin',
    name: 'Beheerder',
    surname: 'Noord',
    emailAddress: 'admin@isolatie.local',
    isActive: true,
    roleNames: ['Admin'],
  },
  {
    id: 4,
    tenantId: 3,
    userName: 'admin',
    name: 'Beheerder',
    surname: 'Zuid',
    emailAddress: 'admin@isolatie.local',
    isActive: true,
    roleNames: ['Admin'],
  },
  {
    id: 5,
    tenantId: 1,
    userName: 'monteur',
    name: 'Piet',
    surname: 'Monteur',
    emailAddress: 'monteur@isolatie.local',
    isActive: true,
    roleNames: ['Monteur'],
  },
  // Not yet activated: sign-in answers 500 "Inloggen mislukt!".
  {
    id: 6,
    tenantId: 1,
    userName: 'nieuw',
    name: 'Nieuwe',
    surname: 'Medewerker',
    emailAddress: 'nieuw@isolatie.local',
    isActive: false,
    roleNames: [],
  },
];

/** An external login (ABP's AbpUserLogins row): provider key = the provider's `sub`. */
export interface SeedLogin {
  tenantId: number | null;
  providerKey: string;
  userId: number;
}

export const externalLogins: readonly SeedLogin[] = [
  { tenantId: 1, providerKey: 'idp-0001-admin', userId: 2 },
  { tenantId: 1, providerKey: 'idp-0002-monteur', userId: 5 },
  { tenantId: 1, providerKey: 'idp-0003-nieuw', userId: 6 },
  { tenantId: 2, providerKey: 'idp-0001-admin', userId: 3 },
  // Not in the recorded world, where the host admin had no external login: it changes none of the recorded answers
  // (admin's own sub is still unknown on the host, so a sign-in without an environment still fails as recorded).
  { tenantId: null, providerKey: 'idp-0005-host', userId: 1 },
];

/** Given names and surnames of the extra staff a test can ask for (`extraUsers`): Dutch, each pair once. */
const GIVEN_NAMES = [
  'Anouk',
  'Bram',
  'Daan',
  'Emma',
  'Fleur',
  'Gijs',
  'Hanneke',
  'Ivo',
  'Jeroen',
  'Karin',
  'Lotte',
  'Maarten',
  'Noor',
  'Oscar',
  'Pieter',
  'Roos',
  'Sanne',
  'Thijs',
  'Vera',
  'Willem',
  'Yara',
  'Zoë',
  'Bas',
  'Eline',
];
const SURNAMES = [
  'de Vries',
  'Jansen',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Leeuwen',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
  'van der Meer',
  'Kok',
  'Jacobs',
  'van Dijk',
];

/** The most extra staff a stack serves: a big company's staff in one environment. */
export const MOST_EXTRA_STAFF = 5000;

/**
 * `count` more staff for Default (tenant 1), the same every time: person i
 * (from 1) is `GIVEN_NAMES[(i - 1) % 24]` with a surname so that no pair
 * repeats in the first 600, user name `voornaam.achternaam` (lower case, no
 * spaces, no accents: `zoe.vandermeer`), e-mail `<user name>@isolatie.local`;
 * every third has the role Monteur, every twelfth is not active. After 600
 * the pairs come round again, namesakes as in any big company, with the
 * round in user name and e-mail (`anouk.devries2`). They have the demo
 * password at the API and no account at the provider.
 */
export function extraStaff(count: number): Array<Omit<SeedUser, 'id'>> {
  const pairs = GIVEN_NAMES.length * SURNAMES.length;
  if (!Number.isInteger(count) || count < 0 || count > MOST_EXTRA_STAFF)
    throw new Error(`extraUsers must be a whole number from 0 to ${MOST_EXTRA_STAFF}, got ${count}`);
  return Array.from({ length: count }, (_, index) => {
    const round = Math.floor(index / pairs);
    const inRound = index % pairs;
    const name = GIVEN_NAMES[inRound % GIVEN_NAMES.length]!;
    const surname = SURNAMES[(inRound + 2 * Math.floor(inRound / GIVEN_NAMES.length)) % SURNAMES.length]!;
    const userName = `${name}.${surname}${round === 0 ? '' : round + 1}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f\s]/g, '')
      .toLowerCase();
    const number = index + 1;
    return {
      tenantId: 1,
      userName,
      name,
      surname,
      emailAddress: `${userName}@isolatie.local`,
      isActive: number % 12 !== 0,
      roleNames: number % 3 === 0 ? ['Monteur'] : [],
    };
  });
}
