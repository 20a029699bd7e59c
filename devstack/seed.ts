// Demo data for the local stack. Everything a developer needs to sign in or
// to reproduce a tenant or activation problem lives here, in one place.

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

/** Tenant used when a request carries no tenant header. */
export const DEFAULT_TENANT_ID = 1;

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
  // Known to the provider only: the backend registers her, inactive, at her first sign-in.
  { sub: 'idp-0004-vreemde', userName: 'vreemde', givenName: 'Vera', familyName: 'Vreemde', email: 'vreemde@extern.local' },
];

/** Every permission the backend knows: the sections' (src/sections/sections.lazy.ts), in menu order, and the administration's. */
export const allPermissions: readonly string[] = [...SECTIONS.map((section) => section.permission), 'Pages.Users', 'Pages.Tenants', 'Pages.Roles'];

/** A user of the ABP backend, scoped to one tenant like ABP's AbpUsers row. */
export interface ApiUser {
  id: number;
  tenantId: number;
  userName: string;
  name: string;
  surname: string;
  emailAddress: string;
  isActive: boolean;
  permissions: readonly string[];
}

export const apiUsers: readonly ApiUser[] = [
  {
    id: 1, tenantId: 1, userName: 'admin', name: 'Beheerder', surname: 'Admin',
    emailAddress: 'admin@isolatie.local', isActive: true, permissions: allPermissions,
  },
  {
    id: 2, tenantId: 1, userName: 'monteur', name: 'Piet', surname: 'Monteur',
    emailAddress: 'monteur@isolatie.local', isActive: true, permissions: ['Pages.Uitvoering', 'Pages.Crm'],
  },
  {
    // Not yet activated: sign-in answers waitingForActivation.
    id: 3, tenantId: 1, userName: 'nieuw', name: 'Nieuwe', surname: 'Medewerker',
    emailAddress: 'nieuw@isolatie.local', isActive: false, permissions: [],
  },
  {
    // Same person in a second tenant, so a tenant switch can be signed in to.
    id: 4, tenantId: 2, userName: 'admin', name: 'Beheerder', surname: 'Noord',
    emailAddress: 'admin@isolatie.local', isActive: true, permissions: allPermissions,
  },
];

export function findTenantById(id: number): SeedTenant | undefined {
  return tenants.find((t) => t.id === id);
}

export function findTenantByName(tenancyName: string): SeedTenant | undefined {
  const wanted = tenancyName.trim().toLowerCase();
  return tenants.find((t) => t.tenancyName.toLowerCase() === wanted);
}
