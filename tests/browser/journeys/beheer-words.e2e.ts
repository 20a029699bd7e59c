import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

// What ABP answers (../shared/abp-recorded/), said in the staff's words: its
// validation texts and untranslated keys, a search by surname, a person who
// is gone, the permission tree as the section route needs it, the one name
// of a person, and Home's tiles. Each block has a stack of its own.

describe('ABP’s answers in the staff’s words', () => {
  const env = browserEnv();

  it('an empty new role reads Dutch field texts, and the form’s alert does not repeat them; a taken name reads a sentence, not "[Role name is already taken]"', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openRoles();
    await admin.page.getByRole('link', { name: NL.beheer.newRole }).click();
    await admin.app.waitForHeading(NL.beheer.newRole, { level: 1 });
    await admin.page.getByRole('button', { name: NL.beheer.createRole }).click();
    await expect.poll(() => admin.fieldError(NL.beheer.roleName)).toBe(NL.beheer.required);
    expect(await admin.fieldError(NL.beheer.roleDisplayName)).toBe(NL.beheer.required);
    expect(await admin.formAlert()).toBe(NL.beheer.fieldsWrong);
    expect(await admin.page.locator('main').textContent()).not.toMatch(/field|required|The /);

    await admin.page.getByLabel(NL.beheer.roleName, { exact: true }).fill('Monteur');
    await admin.page.getByLabel(NL.beheer.roleDisplayName, { exact: true }).fill('Nog een monteur');
    await admin.page.getByRole('button', { name: NL.beheer.createRole }).click();
    await expect.poll(() => admin.fieldError(NL.beheer.roleName)).toBe(NL.beheer.roleNameTaken);
    expect(await admin.page.locator('main').textContent()).not.toContain('[');
    await admin.close();
  });

  it('the permission Pages.Users.Activation reads in words, not "[Users activation]"', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openRoles();
    await admin.page.getByRole('link', { name: 'Monteur', exact: true }).click();
    await admin.app.waitForHeading('Monteur', { level: 1 });
    await admin.page.getByRole('checkbox', { name: NL.beheer.usersActivation }).waitFor();
    expect(await admin.page.getByText('[Users activation]').count()).toBe(0);
    await admin.close();
  });
});

describe('the host’s Omgevingen', () => {
  const env = browserEnv();

  it('a bad short name and no administrator’s e-mail read Dutch field texts, never the regular expression', async () => {
    const host = await BeheerModel.signedIn(env, 'host', undefined, '');
    await host.openTenants();
    await host.page.getByRole('link', { name: 'Nieuwe omgeving' }).click();
    await host.app.waitForHeading('Nieuwe omgeving', { level: 1 });
    await host.page.getByLabel('Naam', { exact: true }).fill('Isolatie Oost');
    await host.page.getByLabel('Korte naam', { exact: true }).fill('1 oost');
    await host.page.getByRole('button', { name: 'Omgeving aanmaken' }).click();
    // Everything wrong said at once, each at its field, and nothing sent: the handover needs the first administrator's address.
    await expect
      .poll(() => host.fieldError('E-mailadres van de eerste beheerder'))
      .toBe('Vul het e-mailadres in waarmee de eerste beheerder inlogt.');
    expect(await host.fieldError('Korte naam')).toBe(NL.beheer.tenancyNamePattern);
    expect(await host.page.locator('main').textContent()).not.toMatch(/\^\[a-zA-Z\]|regular expression|field/);
    await host.close();
  });

  it('deactivating an environment says "Opgeslagen." as every other change does, and it stays deactivated', async () => {
    const host = await BeheerModel.signedIn(env, 'host', undefined, '');
    await host.openTenants();
    await host.page.getByRole('link', { name: 'Isolatie Noord', exact: true }).click();
    await host.app.waitForHeading('Isolatie Noord', { level: 1 });
    await host.page.getByRole('checkbox', { name: /^Actief/ }).uncheck();
    await host.save();
    await host.expectSaved();
    expect(await host.page.getByRole('checkbox', { name: /^Actief/ }).isChecked()).toBe(false);
    await host.page.reload();
    await host.app.waitForHeading('Isolatie Noord', { level: 1 });
    expect(await host.page.getByRole('checkbox', { name: /^Actief/ }).isChecked()).toBe(false);
    await host.close();
  });
});

describe('a deactivated account', () => {
  const env = browserEnv();

  it('monteur, deactivated, reads one message that fits a never-activated account too and names whom to ask', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.openPerson('Piet Monteur');
    await admin.setActive(false);
    await admin.close();

    for (const who of ['monteur', 'nieuw']) {
      const app = await BeheerModel.openLogin(env);
      await app.person.signIn(who);
      await app.waitForHeading(NL.callback.notActiveTitle);
      await app.page.getByText(NL.callback.notActiveFull).waitFor();
      expect(await app.page.getByText('Je ontvangt bericht').count()).toBe(0);
      await app.page.context().close();
    }
  });
});

describe('the permission tree', () => {
  const env = browserEnv();

  it('Gebruikers sits under Beheer; ticking it for Monteur ticks Beheer too, and monteur then opens Gebruikers', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openRoles();
    await admin.page.getByRole('link', { name: 'Monteur', exact: true }).click();
    await admin.app.waitForHeading('Monteur', { level: 1 });
    const beheer = admin.page
      .locator('.permission-tree > li')
      .filter({ has: admin.page.getByRole('checkbox', { name: NL.section.beheer, exact: true }) });
    expect(
      await beheer.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('li')?.querySelector('label')?.textContent)),
    ).toEqual([NL.section.beheer, NL.beheer.users, NL.beheer.usersActivation, 'Rollen']);
    expect(await admin.page.getByRole('checkbox', { name: NL.section.beheer, exact: true }).isChecked()).toBe(false);
    await admin.page.getByRole('checkbox', { name: NL.beheer.users, exact: true }).check();
    expect(await admin.page.getByRole('checkbox', { name: NL.section.beheer, exact: true }).isChecked()).toBe(true);
    await admin.save();
    await admin.expectSaved();
    await admin.close();

    const monteur = await BeheerModel.signedIn(env, 'monteur');
    await monteur.openUsers();
    expect(await monteur.page.getByRole('heading', { name: NL.errorPage.noAccess }).count()).toBe(0);
    await monteur.close();
  });
  it('a role saved elsewhere with Gebruikers but not Beheer says so at Gebruikers and is not saved until Beheer is ticked', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    // As another tool could have saved it: ABP's own Role/Update, with admin's token.
    const token = await admin.app.cookie('Abp.AuthToken');
    const response = await admin.page.request.put(`${env.stack.urls.api}/api/services/app/Role/Update`, {
      headers: { Authorization: `Bearer ${token ?? ''}`, 'Abp-TenantId': '1' },
      data: {
        id: 5,
        name: 'Monteur',
        displayName: 'Monteur',
        normalizedName: 'MONTEUR',
        description: null,
        grantedPermissions: ['Pages.Crm', 'Pages.Uitvoering', 'Pages.Users'],
      },
    });
    expect(response.status()).toBe(200);

    await admin.openRoles();
    await admin.page.getByRole('link', { name: 'Monteur', exact: true }).click();
    await admin.app.waitForHeading('Monteur', { level: 1 });
    const users = admin.page.getByRole('checkbox', { name: NL.beheer.users, exact: true });
    expect(await users.isChecked()).toBe(true);
    const needs = await users.getAttribute('aria-describedby');
    expect(await admin.page.locator(`[id="${needs ?? ''}"]`).textContent()).toBe(
      `Opent niets zonder ${NL.section.beheer}: vink dat ook aan.`,
    );
    await admin.save();
    await expect
      .poll(() => admin.page.locator('fieldset .field-error[role="alert"]').textContent())
      .toContain(`Vink ${NL.section.beheer} aan`);
    expect(await admin.page.getByRole('status').filter({ hasText: NL.beheer.saved }).count()).toBe(0);

    await admin.page.getByRole('checkbox', { name: NL.section.beheer, exact: true }).check();
    expect(await users.getAttribute('aria-describedby')).toBeNull();
    await admin.save();
    await admin.expectSaved();
    await admin.close();
  });
});

describe('finding and deleting people, with 60 more of them', () => {
  const env = browserEnv({ extraUsers: 60 });

  it('a surname finds the person, in any case, and the field says what is searched', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    await admin.openUsers();
    await admin.page.getByText(NL.beheer.searchHint).waitFor();
    const status = admin.page.locator('.list-status');
    for (const search of ['Jansen', 'jansen', 'Bram Jansen']) {
      await admin.search(search);
      const expected = search === 'Bram Jansen' ? ['Bram Jansen'] : ['Bram Jansen', 'Anouk Jansen'];
      await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, expected.length, expected.length));
      expect((await admin.page.getByRole('row').getByRole('link').allTextContents()).sort()).toEqual(expected.sort());
    }
    await admin.close();
  });

  it('at 360 px the delete question opens in view; after it the list says who was deleted, and the deleted person’s link says the person is gone', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin', { width: 360, height: 740 });
    await admin.app.goto('/beheer/gebruikers?zoek=Fleur');
    await admin.openPerson('Fleur Visser');
    const address = admin.app.address();
    await admin.page.getByRole('button', { name: 'Fleur Visser verwijderen…' }).click();
    const question = admin.page.getByRole('alertdialog');
    await question.waitFor();
    await expect
      .poll(() =>
        question.evaluate(
          (element) => element.getBoundingClientRect().bottom <= window.innerHeight && element.getBoundingClientRect().top >= 0,
        ),
      )
      .toBe(true);
    await admin.page.getByRole('button', { name: 'Ja, Fleur Visser verwijderen' }).click();
    await admin.app.waitForHeading(NL.beheer.users, { level: 1 });
    await admin.page
      .getByRole('status')
      .filter({ hasText: NL.beheer.deleted('Fleur Visser') })
      .waitFor();

    await admin.app.goto(address);
    await admin.app.waitForHeading(NL.beheer.personGone, { level: 1 });
    expect(await admin.page.getByText(/entiteit|Opnieuw proberen/).count()).toBe(0);
    await admin.page.getByRole('link', { name: NL.beheer.toUserList }).click();
    await admin.app.waitForHeading(NL.beheer.users, { level: 1 });
    await admin.close();
  });
});

describe('one name per person', () => {
  const env = browserEnv();

  it('in Noord, where ABP has "Beheerder Noord", Gebruikers lists and finds admin by the name in his header, and says what ABP holds', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin', undefined, 'Noord');
    expect(await admin.page.locator('#user-menu-button').textContent()).toContain('Beheerder Admin');
    await admin.openUsers();
    await admin.row('Beheerder Admin').waitFor();
    expect(await admin.page.getByRole('table').getByText('Beheerder Noord').count()).toBe(0);
    // Nothing is written for it: the list names ABP's copy, which changes only when he asks (beheer-reads.e2e.ts).
    await admin.page.getByText('In deze omgeving staat je naam nog als Beheerder Noord').waitFor();
    await admin.search('Admin');
    await admin.row('Beheerder Admin').waitFor();
    await admin.close();
  });
});

describe('Home’s tiles', () => {
  const env = browserEnv();

  it('a section without screens says so on its tile; Beheer, which has them, says what it holds', async () => {
    const app = await AppModel.open(env.watched, '/account/login');
    await app.person.signIn('admin');
    await app.waitForAddress('/app/home');
    const tile = (name: string) => app.page.locator('.tile').filter({ has: app.page.getByText(name, { exact: true }) });
    await tile(NL.section.verkoop).waitFor();
    expect(await tile(NL.section.verkoop).textContent()).toContain(NL.beheer.comingLater);
    expect(await app.page.getByText('Offertes, orders en prijzen').count()).toBe(0);
    expect(await tile(NL.section.beheer).textContent()).toContain('Gebruikers, rollen en rechten, omgevingen.');
  });
});
