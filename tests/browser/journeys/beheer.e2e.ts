import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

// Beheer on ABP's own administration services, as the local stand-in serves
// them (answering as tests/contract/recorded/user.json, role.json and
// tenant.json show). Each block has a stack of its own: what one changes
// (a role, an account) would change what the next one sees.

describe('giving a new colleague a role', () => {
  const env = browserEnv();

  it('vreemde has nothing to open; admin gives her the Monteur role; at her next sign-in she sees Klantrelaties and Uitvoering', async () => {
    const vera = await BeheerModel.signedIn(env, 'vreemde');
    await vera.page.getByRole('heading', { name: NL.home.noSections }).waitFor();
    await vera.close();

    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.openPerson('Vera Vreemde');
    await admin.setRole('Monteur', true);
    await admin.expectSaved();
    await admin.close();

    const again = await BeheerModel.signedIn(env, 'vreemde');
    const menu = again.app.sections();
    await menu.getByRole('link', { name: NL.section.crm }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual([NL.section.crm, NL.section.uitvoering]);
    expect(await again.page.getByRole('heading', { name: NL.home.noSections }).count()).toBe(0);
    await again.close();
  });
});

describe('activating and deactivating accounts', () => {
  const env = browserEnv();

  it('admin activates nieuw, who then signs in and reaches home', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.page.getByLabel(NL.beheer.show).selectOption({ label: 'Niet actief (wacht op activering)' });
    await admin.row('Nieuwe Medewerker').waitFor();
    await admin.openPerson('Nieuwe Medewerker');
    await admin.page.getByText('Dit account is niet actief').waitFor();
    await admin.setActive(true);
    await admin.close();

    const nieuw = await BeheerModel.signedIn(env, 'nieuw');
    await nieuw.app.waitForHeading(NL.shell.welcomeOf('Nieuwe'), { level: 1 });
    await nieuw.close();
  });

  it('admin deactivates monteur, whose next sign-in says the account is not active', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.openPerson('Piet Monteur');
    await admin.page.getByText('kan niet meer inloggen').waitFor();
    await admin.setActive(false);
    await admin.close();

    const monteur = await AppModel.open(env.watched, '/account/login');
    await monteur.person.signIn('monteur');
    await monteur.waitForHeading(NL.callback.notActiveTitle);
    expect(await monteur.cookie('Abp.AuthToken')).toBeUndefined();
  });
});

describe('a role’s permissions', () => {
  const env = browserEnv();

  it('admin adds Verkoop to the Monteur role; monteur sees Verkoop after his next start', async () => {
    const before = await BeheerModel.signedIn(env, 'monteur');
    expect(await before.app.sections().getByRole('link', { name: NL.section.verkoop }).count()).toBe(0);
    await before.close();

    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openRoles();
    await admin.page.getByRole('link', { name: 'Monteur', exact: true }).click();
    await admin.app.waitForHeading('Monteur', { level: 1 });
    expect(await admin.page.getByRole('checkbox', { name: NL.section.crm }).isChecked()).toBe(true);
    await admin.page.getByRole('checkbox', { name: NL.section.verkoop }).check();
    await admin.save();
    await admin.page.getByRole('status').filter({ hasText: NL.beheer.saved }).waitFor();
    await admin.close();

    const after = await BeheerModel.signedIn(env, 'monteur');
    await after.app.sections().getByRole('link', { name: NL.section.verkoop }).waitFor();
    await after.close();
  });

  it('a role without a name, and a person with a user name already taken, show their messages next to their fields, nothing typed lost', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openRoles();
    await admin.page.getByRole('link', { name: NL.beheer.newRole }).click();
    await admin.app.waitForHeading(NL.beheer.newRole, { level: 1 });
    await admin.page.getByRole('checkbox', { name: NL.section.wvb }).check();
    await admin.page.getByRole('button', { name: NL.beheer.createRole }).click();
    await expect.poll(() => admin.fieldError(NL.beheer.roleName)).toBe(NL.beheer.required);
    expect(await admin.fieldError(NL.beheer.roleDisplayName)).toBe(NL.beheer.required);
    expect(await admin.page.getByRole('checkbox', { name: NL.section.wvb }).isChecked()).toBe(true);

    await admin.openUsers();
    await admin.openPerson('Nieuwe Medewerker');
    const userName = admin.page.getByLabel(NL.beheer.userName, { exact: true });
    await userName.fill('monteur');
    await admin.save();
    await expect.poll(() => admin.fieldError(NL.beheer.userName)).toBe("Gebruikersnaam 'monteur' is al in gebruik.");
    expect(await userName.inputValue()).toBe('monteur');
    await admin.close();
  });

  // The stand-in answers Role/Update as ABP does: after the GetRoleForEdit every save reads first, only the permissions that save added or removed.
  it('monteur typing the address of Gebruikers reads "Geen toegang", and the screen’s code is not fetched', async () => {
    const monteur = await BeheerModel.signedIn(env, 'monteur');
    const chunks = monteur.app.lazyChunks();
    await monteur.app.goto('/beheer/gebruikers');
    await monteur.app.waitForHeading(NL.errorPage.noAccess, { level: 1 });
    await monteur.app.goto('/beheer/gebruikers/2');
    await monteur.app.waitForHeading(NL.errorPage.noAccess, { level: 1 });
    expect(chunks.filter((name) => ['users', 'roles', 'environments', 'beheer'].includes(name))).toEqual([]);
    await monteur.close();
  });
});

describe('the list of people, with 60 more of them', () => {
  const env = browserEnv({ extraUsers: 60 });

  it('searches and pages through 63 people, keeping the search in the address', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    const status = admin.page.locator('.list-status');
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 20, 63));
    await admin.page.getByRole('button', { name: NL.beheer.next }).click();
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(21, 40, 63));
    // The list is drawn first, the address follows a task later.
    await expect.poll(() => admin.app.address()).toMatch(/pagina=2/);
    await admin.page.reload();
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(21, 40, 63));

    await admin.page.getByLabel(NL.beheer.show).selectOption({ label: 'Niet actief (wacht op activering)' });
    // nieuw, and every twelfth of the 60 (devstack/seed.ts extraStaff).
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 6, 6));
    expect(await admin.page.getByText('Niet actief', { exact: true }).count()).toBeGreaterThan(0);
    expect(await admin.page.getByText('Actief', { exact: true }).count()).toBe(0);
    await admin.page.getByLabel(NL.beheer.show).selectOption({ label: 'Iedereen' });

    await admin.search('daan');
    // Three of the 60 are called Daan (devstack/seed.ts extraStaff: every 24th person).
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 3, 3));
    const names = await admin.page.getByRole('row').getByRole('link').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.startsWith('Daan '))).toBe(true);
    await expect.poll(() => admin.app.address()).toMatch(/zoek=daan/);
    expect(admin.app.address()).not.toMatch(/pagina=/);
    // Back: everyone again, as the address before the search had it.
    await admin.page.goBack();
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 20, 63));
    expect(admin.app.address()).not.toMatch(/zoek=/);
    await admin.close();
  });

  it('one’s own save shows in the list at once, and the list says so while it is read again', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.search('monteur');
    await admin.openPerson('Piet Monteur');
    await admin.page.getByLabel('Achternaam', { exact: true }).fill('Monteur-Jansen');
    await admin.save();
    await admin.expectSaved();
    // The list read again after the write waits at the stand-in: what shows meanwhile is the list with the save in it.
    const reads = env.stack.holds.hold('UserGetAll');
    try {
      await admin.page.locator('.back-link').click();
      await admin.app.waitForHeading(NL.beheer.users, { level: 1 });
      // Sixty-three people by user name: monteur is not on the first page; the search asks ABP nothing.
      await admin.search('monteur');
      await admin.row('Piet Monteur-Jansen').waitFor();
      await admin.page.getByRole('status').filter({ hasText: NL.beheer.refreshing }).waitFor();
      expect(await admin.row('Piet Monteur').count(), 'the old name is gone at once').toBe(0);
      (await reads.next()).pass();
    } finally {
      reads.release();
    }
    await admin.page.getByRole('status').filter({ hasText: NL.beheer.refreshing }).waitFor({ state: 'detached' });
    await admin.row('Piet Monteur-Jansen').waitFor();
    await admin.close();
  });

  it('at 360 px every row is a card and nothing scrolls sideways, down to the last page', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin', { width: 360, height: 740 });
    await admin.app.goto('/beheer/gebruikers?pagina=4');
    await admin.app.waitForHeading(NL.beheer.users, { level: 1 });
    await expect.poll(() => admin.page.locator('.list-status').textContent()).toBe(NL.beheer.range(61, 63, 63));
    const width = await admin.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    // The table's header row is for screen readers only; each cell names what it holds.
    const header = await admin.page.locator('thead').boundingBox();
    expect(header?.width ?? 0).toBeLessThanOrEqual(1);
    const card = await admin.page.getByRole('row').nth(1).boundingBox();
    expect(card?.width).toBeLessThanOrEqual(344);
    await admin.close();
  });
});
