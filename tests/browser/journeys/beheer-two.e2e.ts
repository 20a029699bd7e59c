import { describe, expect, it } from 'vitest';
import { BeheerModel } from '../models/beheer.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';

// Two administrators at once on one person: a save sends what its form
// changed over the record as it is now; what the other saved meanwhile is
// shown (field, theirs, mine) and waits for a choice. And one save per click
// however fast the clicks, with nothing typed lost through a refusal.

const PERSON = 'Piet Monteur';

/** An administrator of Default at Piet Monteur's form. */
async function atPiet(env: ReturnType<typeof browserEnv>): Promise<BeheerModel> {
  const admin = await BeheerModel.signedIn(env, 'admin');
  await admin.openUsers();
  await admin.openPerson(PERSON);
  return admin;
}

const updates = (admin: BeheerModel) => admin.app.watched.requests.filter((request) => request.method() === 'PUT' && /\/User\/Update$/i.test(new URL(request.url()).pathname));

describe('two administrators editing one person', () => {
  const env = browserEnv();

  it('the later save keeps the earlier one\'s change, shows it, and does as chosen: theirs, then mine', async () => {
    const [anna, bert] = [await atPiet(env), await atPiet(env)];

    // Anna gives him Admin; Bert, whose form still shows Monteur alone, changes the surname.
    await anna.setRole('Admin', true);
    await anna.expectSaved();
    await bert.page.getByLabel('Achternaam', { exact: true }).fill('Monteur-de Vries');
    await bert.save();
    const told = bert.page.getByRole('alertdialog', { name: NL.otherChanges.title });
    await told.waitFor();
    const roles = told.getByRole('row').filter({ has: bert.page.getByRole('rowheader', { name: 'Rollen' }) });
    const [theirs, mine] = await roles.getByRole('cell').allTextContents();
    expect(theirs?.split(', ').sort()).toEqual(['Admin', 'Monteur']);
    expect(mine).toBe('Monteur');
    expect(updates(bert), 'nothing sent before the choice').toEqual([]);
    await told.getByRole('button', { name: NL.otherChanges.takeTheirs }).click();
    await bert.expectSaved();

    await anna.page.reload();
    await anna.app.waitForHeading('Piet Monteur-de Vries', { level: 1 });
    expect(await anna.page.getByRole('checkbox', { name: 'Admin', exact: true }).isChecked(), 'Anna\'s role kept').toBe(true);
    expect(await anna.page.getByRole('checkbox', { name: 'Monteur', exact: true }).isChecked()).toBe(true);

    // Both change the first name: Bert is told Anna's, and keeps his own.
    await anna.page.getByLabel('Voornaam', { exact: true }).fill('Pieter');
    await anna.save();
    await anna.expectSaved();
    await bert.page.getByLabel('Voornaam', { exact: true }).fill('Peter');
    await bert.save();
    await told.waitFor();
    const firstName = told.getByRole('row').filter({ has: bert.page.getByRole('rowheader', { name: 'Voornaam' }) });
    expect(await firstName.getByRole('cell').allTextContents()).toEqual(['Pieter', 'Peter']);
    await told.getByRole('button', { name: NL.otherChanges.keepMine }).click();
    await bert.expectSaved();
    await anna.page.reload();
    await anna.app.waitForHeading('Peter Monteur-de Vries', { level: 1 });
    expect(await anna.page.getByRole('checkbox', { name: 'Admin', exact: true }).isChecked()).toBe(true);

    // Put back as it was, for the other journeys.
    await anna.page.getByLabel('Voornaam', { exact: true }).fill('Piet');
    await anna.page.getByLabel('Achternaam', { exact: true }).fill('Monteur');
    await anna.setRole('Admin', false);
    await anna.expectSaved();
    await Promise.all([anna.close(), bert.close()]);
  });

  it('a double click saves once, and a refusal keeps what was typed for the next try', async () => {
    const admin = await atPiet(env);
    await admin.page.getByLabel('Voornaam', { exact: true }).fill('Pieter');
    // Refused by the server.
    env.stack.faults.set('UserUpdate', { status: 500 });
    await admin.save();
    await admin.page.getByRole('alert').filter({ hasText: `De gegevens van ${PERSON} konden niet worden opgeslagen.` }).waitFor();
    env.stack.faults.clear('UserUpdate');
    expect(await admin.page.getByLabel('Voornaam', { exact: true }).inputValue()).toBe('Pieter');
    const before = updates(admin).length;

    await admin.page.getByRole('button', { name: NL.beheer.save, exact: true }).dblclick();
    await admin.expectSaved();
    expect(updates(admin).length - before, 'one User/Update for two clicks').toBe(1);

    await admin.page.getByLabel('Voornaam', { exact: true }).fill('Piet');
    await admin.save();
    await admin.expectSaved();
    await admin.close();
  });
});
