import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOST_EXTRA_STAFF, extraStaff } from '../../devstack/seed.ts';
import { backendSignIn, signIn } from './helpers/sign-in.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

// The administration services (User, Role, Tenant) and TokenAuth/Authenticate
// beyond the recorded exchanges (tests/contract/ replays those): what a change
// does to later requests and sign-ins, ABP's protections, the host, and the
// extra staff for search and paging.

let stack: TestStack;
let admin: string;
beforeAll(async () => {
  stack = await startTestStack({ serveApp: false });
  admin = await backendSignIn(stack.urls, 'admin');
});
afterAll(() => stack.stop());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Json = any;

interface Call {
  method?: string;
  token?: string;
  /** Abp-TenantId; null sends none (the host). Default 1. */
  tenant?: number | null;
  body?: unknown;
  culture?: string;
}

async function callAt(api: string, path: string, { method = 'GET', token, tenant = 1, body, culture }: Call = {}) {
  const response = await fetch(`${api}/api/${path}`, {
    method,
    headers: {
      ...(tenant === null ? {} : { 'Abp-TenantId': String(tenant) }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(culture ? { '.AspNetCore.Culture': `c=${culture}|uic=${culture}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
}
const call = (path: string, init?: Call) => callAt(stack.urls.api, path, init);
const service = (path: string, init?: Call) => call(`services/app/${path}`, init);
const granted = async (token: string, tenant: number | null = 1) => {
  const response = await fetch(`${stack.urls.api}/AbpUserConfiguration/GetAll`, {
    headers: { Authorization: `Bearer ${token}`, ...(tenant === null ? {} : { 'Abp-TenantId': String(tenant) }) },
  });
  return Object.keys(((await response.json()) as Json).result.auth.grantedPermissions);
};
const externalAuthenticate = async (userName: string, tenant: number | null = 1) => {
  const { tokens, idTokenClaims } = await signIn(stack.urls, userName);
  return call('TokenAuth/ExternalAuthenticate', {
    method: 'POST',
    tenant,
    body: { authProvider: 'OpenIdConnect', providerKey: idTokenClaims.sub, providerAccessCode: tokens.access_token },
  });
};
const authenticate = (userNameOrEmailAddress: string, password: string, tenant: number | null) =>
  call('TokenAuth/Authenticate', { method: 'POST', tenant, body: { userNameOrEmailAddress, password, rememberClient: false } });
/**
 * A call in English. A signed-in user with no saved language gets the
 * culture they send saved (ABP's user culture provider), so the Dutch one is
 * put back afterwards (`nl`, the default, removes the setting).
 */
async function inEnglish(path: string, init: Call) {
  const answer = await service(path, { ...init, culture: 'en' });
  await service('User/ChangeLanguage', { method: 'POST', token: init.token, body: { languageName: 'nl' } });
  return answer;
}
const person = (user: Json) => ({
  id: user.id,
  userName: user.userName,
  name: user.name,
  surname: user.surname,
  emailAddress: user.emailAddress,
  isActive: user.isActive,
  roleNames: user.roleNames,
});

describe('changes that count from the next request', () => {
  it('gives vreemde the Monteur role: her next GetAll has its permissions, and her list entry names it', async () => {
    const first = await externalAuthenticate('vreemde');
    expect(await granted(first.body.result.accessToken)).toEqual([]);
    const listed = (await service('User/GetAll?Keyword=vreemde', { token: admin })).body.result.items[0];
    const updated = await service('User/Update', { method: 'PUT', token: admin, body: { ...person(listed), roleNames: ['Monteur'] } });
    expect(updated.status).toBe(200);
    expect(updated.body.result.roleNames).toEqual(['MONTEUR']);
    // Her token from before still counts: permissions come from her roles at every request.
    expect(await granted(first.body.result.accessToken)).toEqual(['Pages.Crm', 'Pages.Uitvoering']);
  });

  it('adds Verkoop to the Monteur role: monteur has it at his next GetAll', async () => {
    const monteur = await backendSignIn(stack.urls, 'monteur');
    const edit = (await service('Role/GetRoleForEdit?Id=5', { token: admin })).body.result;
    const body = {
      id: 5,
      name: edit.role.name,
      displayName: edit.role.displayName,
      description: null,
      grantedPermissions: [...edit.grantedPermissionNames, 'Pages.Verkoop'],
    };
    // GetRoleForEdit put the role's permissions in ABP's cache: the answer names only the grant the request added.
    expect((await service('Role/Update', { method: 'PUT', token: admin, body })).body.result.grantedPermissions).toEqual(['Pages.Verkoop']);
    expect(await granted(monteur)).toEqual(['Pages.Verkoop', 'Pages.Crm', 'Pages.Uitvoering']);
    // Monteur's GetAll read the role again: the removal's answer names the grant removed.
    expect(
      (await service('Role/Update', { method: 'PUT', token: admin, body: { ...body, grantedPermissions: edit.grantedPermissionNames } }))
        .body.result.grantedPermissions,
    ).toEqual(['Pages.Verkoop']);
    expect(await granted(monteur)).toEqual(['Pages.Crm', 'Pages.Uitvoering']);
  });

  it('deactivates monteur: his next sign-in is refused as ABP refuses an inactive user, and activating lets him in again', async () => {
    expect((await service('User/DeActivate', { method: 'POST', token: admin, body: { id: 5 } })).status).toBe(200);
    const refused = await externalAuthenticate('monteur');
    expect(refused.status).toBe(500);
    expect(refused.body.error).toMatchObject({
      message: 'Inloggen mislukt!',
      details: 'Gebruiker idp-0002-monteur is niet actief en kan niet inloggen.',
    });
    expect((await service('User/GetAll?IsActive=false', { token: admin })).body.result.items.map((u: Json) => u.userName)).toEqual([
      'monteur',
      'nieuw',
    ]);
    await service('User/Activate', { method: 'POST', token: admin, body: { id: 5 } });
    expect((await externalAuthenticate('monteur')).body.result.accessToken).toBeTruthy();
  });

  it('activates nieuw: his first sign-in succeeds', async () => {
    await service('User/Activate', { method: 'POST', token: admin, body: { id: 6 } });
    expect((await externalAuthenticate('nieuw')).status).toBe(200);
    await service('User/DeActivate', { method: 'POST', token: admin, body: { id: 6 } });
  });

  it('deletes a role: nobody has it any more, and its id is unknown', async () => {
    const role = (
      await service('Role/Create', {
        method: 'POST',
        token: admin,
        body: { name: 'Planner', displayName: 'Planner', grantedPermissions: ['Pages.Wvb'] },
      })
    ).body.result;
    const created = (
      await service('User/Create', {
        method: 'POST',
        token: admin,
        body: {
          userName: 'planner',
          name: 'Paula',
          surname: 'Planner',
          emailAddress: 'paula@isolatie.local',
          isActive: true,
          roleNames: ['planner'],
          password: 'Welkom123!',
        },
      })
    ).body.result;
    expect(created.roleNames).toEqual(['PLANNER']);
    expect((await service(`Role/Delete?Id=${role.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect((await service(`User/Get?Id=${created.id}`, { token: admin })).body.result.roleNames).toEqual([]);
    expect((await service(`Role/GetRoleForEdit?Id=${role.id}`, { token: admin })).status).toBe(500);
    expect((await service(`Role/Get?Id=${role.id}`, { token: admin })).body).toMatchObject({ success: true, result: null });
  });

  it('deletes a user softly: gone from the list, a 404 by id, their sign-in by provider no longer found', async () => {
    const created = (
      await service('User/Create', {
        method: 'POST',
        token: admin,
        body: {
          userName: 'tijdelijk',
          name: 'Tim',
          surname: 'Tijdelijk',
          emailAddress: 'tim@isolatie.local',
          isActive: true,
          password: 'Welkom123!',
        },
      })
    ).body.result;
    expect((await authenticate('tim@isolatie.local', 'Welkom123!', 1)).status).toBe(200);
    await service(`User/Delete?Id=${created.id}`, { method: 'DELETE', token: admin });
    expect((await service(`User/Get?Id=${created.id}`, { token: admin })).status).toBe(404);
    expect((await service('User/GetAll?Keyword=tijdelijk', { token: admin })).body.result.totalCount).toBe(0);
    expect((await authenticate('tijdelijk', 'Welkom123!', 1)).body.error.details).toBe('Onjuiste gebruikersnaam en/of wachtwoord');
  });
});

describe("Role/Update's answer, as ABP maps its role entity", () => {
  const edit = async (id: number) => (await service(`Role/GetRoleForEdit?Id=${id}`, { token: admin })).body.result;
  /** Role/Update of Inkoop (or Monteur, id 5) with these permissions: the answer's `grantedPermissions`. */
  const update = async (id: number, grantedPermissions: string[]) => {
    const name = id === 5 ? 'Monteur' : 'Inkoop';
    const answer = await service('Role/Update', {
      method: 'PUT',
      token: admin,
      body: { id, name, displayName: name, description: null, grantedPermissions },
    });
    expect(answer.status).toBe(200);
    return answer.body.result.grantedPermissions as string[];
  };
  const listed = async (id: number) =>
    (await service('Role/GetAll', { token: admin })).body.result.items.find((r: Json) => r.id === id).grantedPermissions as string[];
  const sorted = (names: readonly string[]) => [...names].sort();

  it('answers every grant while the role is not in the cache, and only the grants touched once a read has put it there; ABP holds the whole set throughout', async () => {
    const role = (
      await service('Role/Create', {
        method: 'POST',
        token: admin,
        body: { name: 'Inkoop', displayName: 'Inkoop', grantedPermissions: ['Pages.Verkoop'] },
      })
    ).body.result;
    // Create changed its settings, which empties its cache entry (role.json `create-valid`, `update-grant`).
    expect(await update(role.id, ['Pages.Verkoop', 'Pages.Crm', 'Pages.Wvb'])).toEqual(['Pages.Verkoop', 'Pages.Crm', 'Pages.Wvb']);

    await edit(role.id);
    expect(await update(role.id, ['Pages.Verkoop', 'Pages.Crm', 'Pages.Wvb', 'Pages.Marketing']), 'one added').toEqual(['Pages.Marketing']);
    await edit(role.id);
    expect(await update(role.id, ['Pages.Verkoop', 'Pages.Wvb', 'Pages.Marketing']), 'one removed').toEqual(['Pages.Crm']);
    await edit(role.id);
    expect(await update(role.id, ['Pages.Verkoop', 'Pages.Wvb', 'Pages.Marketing']), 'nothing touched').toEqual([]);
    // Nothing changed, so the cache still holds the role: one removed and one added, the removal first.
    expect(await update(role.id, ['Pages.Verkoop', 'Pages.Wvb', 'Pages.Zakelijk'])).toEqual(['Pages.Marketing', 'Pages.Zakelijk']);

    // Not read since that change: every grant the role had, the one removed still among them, and those added.
    expect(await update(role.id, ['Pages.Wvb', 'Pages.Zakelijk', 'Pages.Beheer'])).toEqual([
      'Pages.Verkoop',
      'Pages.Wvb',
      'Pages.Zakelijk',
      'Pages.Beheer',
    ]);
    expect(sorted((await edit(role.id)).grantedPermissionNames)).toEqual(['Pages.Beheer', 'Pages.Wvb', 'Pages.Zakelijk']);
    expect(sorted(await listed(role.id)), 'GetAll reads the database').toEqual(['Pages.Beheer', 'Pages.Wvb', 'Pages.Zakelijk']);

    // A cleared cache (ABP restarted) forgets the read: every grant again.
    await edit(role.id);
    stack.clearRolePermissionCache();
    expect(await update(role.id, ['Pages.Wvb', 'Pages.Zakelijk'])).toEqual(['Pages.Wvb', 'Pages.Zakelijk', 'Pages.Beheer']);
    await edit(role.id);
    expect((await fetch(`${stack.urls.api}/__devstack/role-permission-cache`, { method: 'DELETE' })).status).toBe(204);
    expect(await update(role.id, ['Pages.Wvb'])).toEqual(['Pages.Wvb', 'Pages.Zakelijk']);
    await service(`Role/Delete?Id=${role.id}`, { method: 'DELETE', token: admin });
  });

  it("puts a role in the cache when one of its users' permissions are checked", async () => {
    const monteur = await backendSignIn(stack.urls, 'monteur');
    stack.clearRolePermissionCache();
    await granted(monteur);
    expect(await update(5, ['Pages.Uitvoering', 'Pages.Crm', 'Pages.Zakelijk'])).toEqual(['Pages.Zakelijk']);
    expect(await update(5, ['Pages.Uitvoering', 'Pages.Crm']), 'not read since').toEqual([
      'Pages.Uitvoering',
      'Pages.Crm',
      'Pages.Zakelijk',
    ]);
  });

  it('answers the role as stored, whatever the cache holds, with roleUpdateAnswer `stored`', async () => {
    stack.behaviour.set({ roleUpdateAnswer: 'stored' });
    try {
      await edit(5);
      expect(await update(5, ['Pages.Uitvoering', 'Pages.Crm', 'Pages.Wvb'])).toEqual(['Pages.Uitvoering', 'Pages.Crm', 'Pages.Wvb']);
      await edit(5);
      expect(await update(5, ['Pages.Uitvoering', 'Pages.Crm'])).toEqual(['Pages.Uitvoering', 'Pages.Crm']);
    } finally {
      stack.behaviour.reset();
    }
  });
});

describe('what ABP refuses', () => {
  it('never deletes a static role, with its unlocalised Dutch text and its English one', async () => {
    const nl = await service('Role/Delete?Id=2', { method: 'DELETE', token: admin });
    expect(nl.status).toBe(500);
    expect(nl.body.error).toEqual({ code: 0, message: '[Can not delete static role]', details: null, validationErrors: null });
    const en = await inEnglish('Role/Delete?Id=2', { method: 'DELETE', token: admin });
    expect(en.body.error.message).toBe('Can not delete a static role: Admin');
    expect((await service('Role/GetRoleForEdit?Id=2', { token: admin })).body.result.role.isStatic).toBe(true);
  });

  it('neither deletes nor renames the admin user', async () => {
    expect((await service('User/Delete?Id=2', { method: 'DELETE', token: admin })).body.error.message).toBe('[Can not delete admin user]');
    const self = (await service('User/Get?Id=2', { token: admin })).body.result;
    const renamed = await inEnglish('User/Update', { method: 'PUT', token: admin, body: { ...person(self), userName: 'baas' } });
    expect(renamed.body.error.message).toBe('Can not rename user name of the admin since this is the default admin user!');
  });

  it('refuses a taken role display name, a user name of other characters, and a taken e-mail address on update', async () => {
    const display = await service('Role/Create', {
      method: 'POST',
      token: admin,
      body: { name: 'Monteur2', displayName: 'Monteur', grantedPermissions: [] },
    });
    expect(display.body.error.message).toBe('[Role display name is already taken]');
    const spaced = await service('User/Create', {
      method: 'POST',
      token: admin,
      body: {
        userName: 'jan jansen',
        name: 'Jan',
        surname: 'Jansen',
        emailAddress: 'jan@isolatie.local',
        isActive: true,
        password: 'Welkom123!',
      },
    });
    expect(spaced.body.error.message).toBe('Er is een onbekende fout opgetreden.');
    const monteur = (await service('User/Get?Id=5', { token: admin })).body.result;
    const taken = await service('User/Update', {
      method: 'PUT',
      token: admin,
      body: { ...person(monteur), emailAddress: 'NIEUW@isolatie.local' },
    });
    expect(taken.body.error.message).toBe("E-mail 'NIEUW@isolatie.local' is al in gebruik.");
  });

  it('keeps nothing of a create that fails on an unknown role', async () => {
    const failed = await service('User/Create', {
      method: 'POST',
      token: admin,
      body: {
        userName: 'rolloos',
        name: 'Jan',
        surname: 'Jansen',
        emailAddress: 'rolloos@isolatie.local',
        isActive: true,
        roleNames: ['Bestaatniet'],
        password: 'Welkom123!',
      },
    });
    expect(failed.status).toBe(500);
    expect((await service('User/GetAll?Keyword=rolloos', { token: admin })).body.result.totalCount).toBe(0);
  });

  it('needs Pages.Users.Activation for (de)activating, besides Pages.Users', async () => {
    const role = (
      await service('Role/Create', {
        method: 'POST',
        token: admin,
        body: { name: 'Personeelszaken', displayName: 'Personeelszaken', grantedPermissions: ['Pages.Users'] },
      })
    ).body.result;
    await service('User/Create', {
      method: 'POST',
      token: admin,
      body: {
        userName: 'pz',
        name: 'Petra',
        surname: 'Zaken',
        emailAddress: 'pz@isolatie.local',
        isActive: true,
        roleNames: ['Personeelszaken'],
        password: 'Welkom123!',
      },
    });
    const pz = (await authenticate('pz', 'Welkom123!', 1)).body.result.accessToken;
    expect((await service('User/GetAll', { token: pz })).status).toBe(200);
    const refused = await service('User/Activate', { method: 'POST', token: pz, body: { id: 6 } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Verplichte rechten zijn niet toegekend. Minimaal één van de volgende rechten dient toegekend te zijn: [Users activation]',
    );
    await service('Role/Delete?Id=' + role.id, { method: 'DELETE', token: admin });
  });

  it('answers list parameters that do not bind or break the ranges with 400, and an unknown sorting with a generic 500', async () => {
    const zero = await service('User/GetAll?MaxResultCount=0&SkipCount=-1', { token: admin });
    expect(zero.status).toBe(400);
    expect(zero.body.error.validationErrors).toEqual([
      { message: 'The field SkipCount must be between 0 and 2147483647.', members: ['skipCount'] },
      { message: 'The field MaxResultCount must be between 1 and 2147483647.', members: ['maxResultCount'] },
    ]);
    expect((await service('User/GetAll?IsActive=ja', { token: admin })).body.error.validationErrors).toEqual([
      { message: "The value 'ja' is not valid for IsActive.", members: ['isActive'] },
    ]);
    expect((await service('User/GetAll?Sorting=Kleur', { token: admin })).status).toBe(500);
    const sorted = await service('User/GetAll?Sorting=Surname%20desc&MaxResultCount=2', { token: admin });
    expect(sorted.body.result.items.map((u: Json) => u.surname)).toEqual(['Zaken', 'Vreemde']);
  });

  it('answers a value of the wrong JSON type as System.Text.Json does', async () => {
    const wrong = await service('User/Activate', { method: 'POST', token: admin, body: { id: 'vijf' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.validationErrors).toEqual([
      {
        message: 'The JSON value could not be converted to System.Int64. Path: $.id | LineNumber: 0 | BytePositionInLine: 12.',
        members: ['$.id'],
      },
    ]);
  });
});

describe('TokenAuth/Authenticate and the host', () => {
  it('signs in by user name or e-mail address in the request’s tenant; refuses a wrong password, an inactive user and an inactive tenant', async () => {
    expect((await authenticate('admin@aspnetboilerplate.com', '123qwe', null)).body.result.userId).toBe(1);
    expect((await authenticate('ADMIN', '123qwe', 2)).body.result.userId).toBe(3);
    expect((await authenticate('admin', 'fout', 1)).body.error).toMatchObject({
      message: 'Inloggen mislukt!',
      details: 'Onjuiste gebruikersnaam en/of wachtwoord',
    });
    expect((await authenticate('nieuw', '123qwe', 1)).body.error.details).toBe('Gebruiker nieuw is niet actief en kan niet inloggen.');
    expect((await authenticate('admin', '123qwe', 3)).body.error.details).toBe('Huurder Zuid is niet actief.');
  });

  it('lets the provider account host sign in to the host as its admin, with the host’s permissions', async () => {
    const host = await externalAuthenticate('host', null);
    expect(host.status).toBe(200);
    expect(await granted(host.body.result.accessToken, null)).toContain('Pages.Tenants');
    // admin's own provider account is still unknown on the host, as recorded.
    expect((await externalAuthenticate('admin', null)).status).toBe(500);
  });

  it('creates a tenant with its static Admin role and an admin who signs in with the default password; updates and deletes it', async () => {
    const host = (await authenticate('admin', '123qwe', null)).body.result.accessToken;
    const created = await service('Tenant/Create', {
      method: 'POST',
      token: host,
      tenant: null,
      body: { tenancyName: 'Oost', name: 'Isolatie Oost', adminEmailAddress: 'beheer@oost.local', isActive: true },
    });
    expect(created.body.result).toEqual({ tenancyName: 'Oost', name: 'Isolatie Oost', isActive: true, id: 4 });
    expect(
      (
        await service('Tenant/Create', {
          method: 'POST',
          token: host,
          tenant: null,
          body: { tenancyName: 'oost', name: 'Nog een', adminEmailAddress: 'x@y.z' },
        })
      ).body.error.message,
    ).toBe('[Tenancy name is already taken]');
    const oostAdmin = (await authenticate('beheer@oost.local', '123qwe', 4)).body.result.accessToken;
    expect(await granted(oostAdmin, 4)).toContain('Pages.Roles');
    expect(await granted(oostAdmin, 4)).not.toContain('Pages.Tenants');
    const roles = (await service('Role/GetAll', { token: oostAdmin, tenant: 4 })).body.result.items;
    expect(roles.map((r: Json) => [r.name, r.normalizedName])).toEqual([['Admin', 'ADMIN']]);
    expect((await service('Role/GetRoleForEdit?Id=' + roles[0].id, { token: oostAdmin, tenant: 4 })).body.result.role.isStatic).toBe(true);

    const renamed = await service('Tenant/Update', {
      method: 'PUT',
      token: host,
      tenant: null,
      body: { id: 4, tenancyName: 'Oost', name: 'Isolatie Oost BV', isActive: false },
    });
    expect(renamed.body.result).toEqual({ tenancyName: 'Oost', name: 'Isolatie Oost BV', isActive: false, id: 4 });
    const available = (name: string) =>
      call('services/app/Account/IsTenantAvailable', { method: 'POST', tenant: null, body: { tenancyName: name } });
    expect((await available('Oost')).body.result).toEqual({ state: 2, tenantId: null });
    expect((await service('Tenant/Delete?Id=4', { method: 'DELETE', token: host, tenant: null })).status).toBe(200);
    expect((await available('Oost')).body.result).toEqual({ state: 3, tenantId: null });
    expect((await service('Tenant/Get?Id=4', { token: host, tenant: null })).status).toBe(404);
  });
});

describe('extra staff for search and paging', () => {
  it('seeds distinct Dutch staff into Default, searchable and paged as ABP does', async () => {
    const big = await startTestStack({ serveApp: false, extraUsers: 60 });
    try {
      const token = await backendSignIn(big.urls, 'admin');
      const list = (query: string) => callAt(big.urls.api, `services/app/User/GetAll${query}`, { token }).then((r) => r.body.result);
      // admin, monteur and nieuw, and the sixty.
      expect((await list('')).totalCount).toBe(63);
      const pages = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((n) => list(`?MaxResultCount=10&SkipCount=${n * 10}`)));
      expect(pages.map((p: Json) => p.items.length)).toEqual([10, 10, 10, 10, 10, 10, 3]);
      const names = pages.flatMap((p: Json) => p.items.map((u: Json) => u.userName));
      expect(new Set(names).size).toBe(63);
      expect(names).toEqual([...names].sort());
      const staff = extraStaff(60);
      expect(names).toEqual(expect.arrayContaining(staff.map((s) => s.userName)));
      // The surname is found through the user name and e-mail address (the template searches UserName, Name and EmailAddress).
      expect((await list('?Keyword=bakker')).items.map((u: Json) => u.fullName)).toEqual(['Bram Bakker', 'Daan Bakker', 'Emma Bakker']);
      // Case-sensitive, as the recorded host: there it is in lower case only.
      expect((await list('?Keyword=Bakker')).totalCount).toBe(0);
      expect((await list('?IsActive=false')).totalCount).toBe(1 + staff.filter((s) => !s.isActive).length);
    } finally {
      await big.stop();
    }
  });

  it('serves 5,000 staff in one environment, in ABP’s pages, namesakes told apart by user name', async () => {
    const staff = extraStaff(MOST_EXTRA_STAFF);
    expect(new Set(staff.map((s) => s.userName)).size).toBe(MOST_EXTRA_STAFF);
    expect(staff.slice(0, 60)).toEqual(extraStaff(60));
    expect(staff[600]).toMatchObject({
      name: 'Anouk',
      surname: 'de Vries',
      userName: 'anouk.devries2',
      emailAddress: 'anouk.devries2@isolatie.local',
    });
    expect(() => extraStaff(MOST_EXTRA_STAFF + 1)).toThrow(/extraUsers/);
    const big = await startTestStack({ serveApp: false, extraUsers: MOST_EXTRA_STAFF });
    try {
      const token = await backendSignIn(big.urls, 'admin');
      const list = (query: string) => callAt(big.urls.api, `services/app/User/GetAll${query}`, { token }).then((r) => r.body.result);
      const pages = await Promise.all(Array.from({ length: 11 }, (_, n) => list(`?MaxResultCount=500&SkipCount=${n * 500}`)));
      expect(pages[0].totalCount).toBe(MOST_EXTRA_STAFF + 3);
      const ids = pages.flatMap((p: Json) => p.items.map((u: Json) => u.id));
      expect(ids.length).toBe(MOST_EXTRA_STAFF + 3);
      expect(new Set(ids).size).toBe(MOST_EXTRA_STAFF + 3);
    } finally {
      await big.stop();
    }
  });
});
