import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

// Reading Gebruikers never writes to ABP, and searching it asks ABP nothing
// once the list is read (src/management/userDirectory.ts).

/** The page's calls to the API from now on, and those of them that may change something (anything but GET and the preflights). */
function apiCalls(page: Page, api: string): { all: Request[]; writes: () => Request[] } {
  const all: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(api) && request.method() !== 'OPTIONS') all.push(request);
  });
  return { all, writes: () => all.filter((request) => request.method() !== 'GET') };
}

describe('one’s own name, after it changed at the provider', () => {
  const env = browserEnv();

  it('admin renames himself in Mijn account, then opens, searches and reads Gebruikers: nothing is written, until he asks for his name to be taken over', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    const { page } = admin;
    await admin.app.person.openUserMenu();
    await page.getByRole('link', { name: NL.shell.myAccount }).click();
    await admin.app.waitForHeading(NL.shell.myAccount, { level: 1 });
    await admin.app.person.connectMyAccount();
    await page.getByLabel('Voornaam').fill('Bea');
    await page.getByRole('button', { name: 'Naam opslaan' }).click();
    await page.getByText('Je naam is opgeslagen.').waitFor();

    const calls = apiCalls(page, env.stack.urls.api);
    await admin.openUsers();
    // He reads his own name as in his header; ABP's copy is named, with the way to bring it in line.
    await admin.row('Bea Admin').waitFor();
    const note = page.locator('form').filter({ hasText: 'In deze omgeving staat je naam nog als Beheerder Admin' });
    await note.waitFor();
    await admin.search('bea');
    await expect.poll(() => page.locator('.list-status').textContent()).toBe(NL.beheer.range(1, 1, 1));
    await admin.search('monteur');
    await admin.openPerson('Piet Monteur');
    await page.goBack();
    await admin.row('Piet Monteur').waitFor();
    expect(calls.writes().map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([]);

    await admin.search('');
    await note.getByRole('button', { name: 'Naam van je account overnemen' }).click();
    await page.getByRole('status').filter({ hasText: 'Je naam is bijgewerkt' }).waitFor();
    const writes = calls.writes();
    expect(writes.map((request) => `${request.method()} ${new URL(request.url()).pathname}`)).toEqual([
      'PUT /api/services/app/User/Update',
    ]);
    // ABP answers with the record as it now holds it.
    expect(((await (await writes[0]!.response())?.json()) as { result: unknown }).result).toMatchObject({
      id: 2,
      userName: 'admin',
      name: 'Bea',
      surname: 'Admin',
    });
    await admin.row('Bea Admin').waitFor();
    expect(await page.getByText('In deze omgeving staat je naam nog als').count()).toBe(0);
    await admin.close();
  });
});

describe('searching among the staff, once the list is read', () => {
  const env = browserEnv({ extraUsers: 600 });

  it('searching, filtering and paging ask ABP nothing; opening a person and coming back reads no list again', async () => {
    const admin = await BeheerModel.signedIn(env, 'admin');
    const { page } = admin;
    const calls = apiCalls(page, env.stack.urls.api);
    const lists = () => calls.all.filter((request) => /\/User\/GetAll/.test(request.url()));
    await admin.openUsers();
    const status = page.locator('.list-status');
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 20, 603));
    // 603 people: two of ABP's pages of 500.
    expect(lists().map((request) => new URL(request.url()).search)).toEqual([
      '?SkipCount=0&MaxResultCount=500&culture=nl',
      '?SkipCount=500&MaxResultCount=500&culture=nl',
    ]);

    await admin.search('Jansen');
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 20, 24));
    await admin.search('bram jansen');
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 1, 1));
    await page.getByLabel(NL.beheer.show).selectOption({ label: 'Niet actief (wacht op activering)' });
    await admin.search('');
    // nieuw, and every twelfth of the 600.
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(1, 20, 51));
    await page.getByRole('button', { name: NL.beheer.next }).click();
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(21, 40, 51));
    const someone = (await page.getByRole('row').getByRole('link').first().textContent()) ?? '';
    await admin.openPerson(someone);
    await page.goBack();
    await expect.poll(() => status.textContent()).toBe(NL.beheer.range(21, 40, 51));
    expect(lists()).toHaveLength(2);
    await admin.close();
  });
});
