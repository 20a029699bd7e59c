import { describe, expect, it, onTestFinished } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { OUTCOME_MS } from '../models/watch.ts';
import { ENGINES_SEEING_REQUESTS } from '../support/driver.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { abpSession, addPerson, builtInAdminSignIn } from '../support/stack.ts';
import { LONG_TEST_MS } from '../../support/limits.ts';

/**
 * Beheer beside another administrator, in Chromium and Firefox ESR: two
 * administrators editing one person, each in a context of their own (cookies
 * and storage apart, as two browsers), a deactivation between one's re-read
 * and write (held at the stand-in), shown to him after his save; each case
 * on a person of its own, made through ABP's own service, so each passes
 * alone and in any order; a role saved twice in a row, against ABP's
 * `Role/Update` answer that names only what each save touched; a double click on save; a handover whose
 * `ChangePassword` answer is lost, reloaded in the middle and completed with
 * the same code. Each asserts what the person sees and what the stack's ABP
 * holds. Not in WebKit: its classic WebDriver shows no request's method (the
 * saves are counted by the requests), clicks one command at a time (no
 * double click) and accepts a `beforeunload` dialog unseen (tab.ts).
 */
/** The `User/Update` requests a tab has made. */
const updates = (staff: StaffModel) =>
  staff.tab.requests.filter((request) => request.method === 'PUT' && /\/User\/Update$/i.test(new URL(request.url).pathname));
/** The `Role/Update` requests a tab has made. */
const roleUpdates = (staff: StaffModel) =>
  staff.tab.requests.filter((request) => request.method === 'PUT' && /\/Role\/Update$/i.test(new URL(request.url).pathname));

describe.each(ENGINES_SEEING_REQUESTS)('%s, Beheer beside another administrator', (engine) => {
  const env = engineEnv(engine);

  /** Another administrator of Default, in a fresh context (cookies and storage of their own), closed after the test. */
  async function otherAdmin(): Promise<StaffModel> {
    const staff = new StaffModel(await env.browser.newTab(), env.stack);
    onTestFinished(() => staff.tab.close());
    return staff;
  }

  async function atPerson(staff: StaffModel, fullName: string): Promise<void> {
    await staff.signInToHome();
    await staff.openUsers();
    await staff.openPerson(fullName);
  }

  it(
    'two administrators edit one person: the earlier changes the e-mail address and deactivates him, the later only the surname and keeps his version: ABP holds all three',
    async () => {
      const person = await addPerson(env.stack, 'Joris', 'Dekker');
      const anna = env.staff;
      const bert = await otherAdmin();
      await atPerson(anna, person.fullName);
      await atPerson(bert, person.fullName);

      // Anna corrects his address and switches him off; Bert's form, open before, still shows both as they were.
      await anna.tab.label('E-mailadres').fill('j.dekker@isolatie.local');
      await anna.tab.role('button', NL.beheer.save).click();
      await anna.tab.text(NL.beheer.saved).waitFor();
      await anna.tab.role('button', NL.beheer.deactivate).click();
      await anna.tab.role('button', NL.beheer.activate).waitFor();
      await bert.tab.label('Achternaam').fill('Dekker-de Vries');
      await bert.tab.role('button', NL.beheer.save).click();
      await bert.tab.text(NL.otherChanges.title).waitFor();
      const told = await bert.otherChanges();
      expect(told['E-mailadres'], 'the address: now saved, his version, as he opened it').toEqual([
        'j.dekker@isolatie.local',
        person.emailAddress,
        person.emailAddress,
      ]);
      expect(told.Status, 'the deactivation, shown to him').toEqual(['Niet actief', 'Actief', 'Actief']);
      expect(updates(bert), 'nothing sent before the choice').toEqual([]);
      await bert.tab.role('button', NL.otherChanges.keepMine).click();
      await bert.tab.text(NL.beheer.saved).waitFor();
      // The page follows what ABP holds: he stays switched off.
      await bert.tab.role('button', NL.beheer.activate).waitFor();

      // How wide the window is that ABP leaves (docs/abp.md): from the start of the last read before User/Update to the end of User/Update's answer.
      const timings = await bert.tab.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => ({ name: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
      );
      const put = timings.filter((entry) => /\/User\/Update/.test(entry.name)).at(-1);
      const read = timings.filter((entry) => /\/User\/Get\?/.test(entry.name) && put !== undefined && entry.start < put.start).at(-1);
      expect(put && read, 'the save read the person just before writing').toBeTruthy();
      console.info(
        `${engine}: re-read to User/Update: at most ${Math.round(put!.end - read!.start)} ms from the read's request to the write's answer; ${Math.round(put!.start - read!.end)} ms from the read's answer to the write's request`,
      );

      // As ABP holds him now, in Anna's browser: her address, his surname, switched off.
      await anna.tab.reload();
      await anna.tab.role('heading', 'Joris Dekker-de Vries').waitFor();
      expect(await anna.fieldValue('E-mailadres'), "Anna's address kept").toBe('j.dekker@isolatie.local');
      await anna.tab.role('button', NL.beheer.activate).waitFor();
    },
    LONG_TEST_MS,
  );

  it(
    'both change the first name, one gives a role and the other takes one away: "Hun wijzigingen overnemen" keeps her name, her role and his own removal',
    async () => {
      const person = await addPerson(env.stack, 'Fenna', 'Visser');
      const anna = env.staff;
      const bert = await otherAdmin();
      await atPerson(anna, person.fullName);
      await atPerson(bert, person.fullName);
      await anna.tab.label('Voornaam').fill('Fenne');
      await anna.tab.role('checkbox', 'Admin').click();
      await anna.tab.role('button', NL.beheer.save).click();
      await anna.tab.text(NL.beheer.saved).waitFor();
      await bert.tab.label('Voornaam').fill('Femke');
      await bert.tab.role('checkbox', 'Monteur').click();
      await bert.tab.role('button', NL.beheer.save).click();
      await bert.tab.text(NL.otherChanges.title).waitFor();
      expect((await bert.otherChanges()).Voornaam).toEqual(['Fenne', 'Femke', 'Fenna']);
      await bert.tab.role('button', NL.otherChanges.takeTheirs).click();
      await bert.tab.text(NL.beheer.saved).waitFor();
      await anna.tab.reload();
      await anna.tab.role('heading', 'Fenne Visser').waitFor();
      expect(await anna.fieldChecked('Admin'), "Anna's role kept").toBe(true);
      expect(await anna.fieldChecked('Monteur'), "Bert's own removal kept").toBe(false);
      expect(await anna.fieldValue('E-mailadres')).toBe(person.emailAddress);
    },
    LONG_TEST_MS,
  );

  it(
    "a deactivation that lands between the other administrator's re-read and his User/Update: ABP undoes it, her page puts it back, and he is shown it after his save, to keep or undo",
    async () => {
      const person = await addPerson(env.stack, 'Kees', 'Bakker');
      const anna = env.staff;
      const bert = await otherAdmin();
      await atPerson(anna, person.fullName);
      await atPerson(bert, person.fullName);

      // Bert's save reads Kees (active), and its User/Update waits at the stand-in while Anna switches him off.
      const writes = env.stack.holds.hold('UserUpdate');
      await bert.tab.label('Achternaam').fill('de Bakker');
      await bert.tab.role('button', NL.beheer.save).click();
      const put = await writes.next();
      // Anna's read just before her deactivation goes; her reads after it wait, so Bert's write lands between her write and her read-back.
      const reads = env.stack.holds.hold('UserGet');
      await anna.tab.role('button', NL.beheer.deactivate).click();
      (await reads.next()).pass();
      await anna.tab.role('button', NL.beheer.activate).waitFor();
      // User/Update writes `isActive` as Bert read it: ABP has no concurrency stamp to refuse it.
      put.pass();
      writes.release();
      await bert.tab.text(NL.beheer.saved).waitFor();
      reads.release();

      // Anna's page reads Kees back: active again, with Bert's surname, so a save from a read older than her deactivation undid it. It puts it back and says so.
      await anna.tab.text(NL.beheer.putBackDeactivation('Kees de Bakker')).waitFor();
      await anna.tab.role('button', NL.beheer.activate).waitFor();
      expect(await anna.tab.text(NL.beheer.changedAfterWrite).visible(), 'nothing left for her to choose').toBe(false);

      // Bert's page reads Kees back after his save and finds him switched off: shown to him, the one whose save had undone it, to keep or undo.
      await bert.tab.text(NL.beheer.changedAfterWrite).waitFor();
      expect(await bert.changedAfterWrite()).toEqual({ Status: ['Actief', 'Niet actief'] });
      await bert.tab.text(NL.beheer.statusChangedWhileSaving(person.fullName)).waitFor();
      await bert.tab.role('button', NL.beheer.leave).click();
      expect(await bert.tab.text(NL.beheer.changedAfterWrite).visible()).toBe(false);

      // As ABP holds him: Bert's surname, Anna's deactivation.
      await bert.tab.reload();
      await bert.tab.role('heading', 'Kees de Bakker').waitFor();
      await bert.tab.role('button', NL.beheer.activate).waitFor();
    },
    LONG_TEST_MS,
  );

  // The stand-in answers Role/Update as ABP does: after the GetRoleForEdit every save reads first, only the permissions that save added or removed.
  it(
    'a role saved twice in a row shows every permission ABP holds and no conflict, also after a reload; a removal leaves the rest; a real change is shown as saved now',
    async () => {
      const admin = env.staff;
      const other = await abpSession(env.stack);
      const held = async () =>
        (await other.get<{ grantedPermissionNames: string[] }>('Role/GetRoleForEdit?Id=5')).grantedPermissionNames.sort();
      /** "Opslaan", then "Opgeslagen." once ABP has answered this save. */
      const save = async () => {
        const sent = roleUpdates(admin).length;
        await admin.tab.role('button', NL.beheer.save).click();
        await expect.poll(() => roleUpdates(admin).length, { timeout: OUTCOME_MS }).toBe(sent + 1);
        await admin.tab.text(NL.beheer.saved).waitFor();
      };
      const label = (name: string) =>
        admin.tab.evaluate(
          (wanted) => (document.querySelector<HTMLInputElement>(`input[value="${wanted}"]`)?.labels?.[0]?.textContent ?? '').trim(),
          name,
        );

      await admin.signInToHome();
      await admin.openRoles();
      await admin.tab.role('link', 'Monteur').click();
      await admin.tab.role('heading', 'Monteur').waitFor();
      const before = await admin.tickedPermissions();
      expect(before).toEqual(await held());

      await admin.tab.role('checkbox', NL.section.marketing).click();
      await save();
      expect(await admin.tickedPermissions()).toEqual([...before, 'Pages.Marketing'].sort());
      expect(await admin.tickedPermissions()).toEqual(await held());

      await admin.tab.role('checkbox', NL.section.zakelijk).click();
      await save();
      expect(await admin.tab.text(NL.otherChanges.title).visible(), 'no conflict: nobody else changed anything').toBe(false);
      expect(await admin.tickedPermissions()).toEqual([...before, 'Pages.Marketing', 'Pages.Zakelijk'].sort());
      expect(await admin.tickedPermissions()).toEqual(await held());

      await admin.tab.reload();
      await admin.tab.role('checkbox', NL.section.zakelijk).waitFor();
      expect(await admin.tickedPermissions(), 'the same after a reload').toEqual([...before, 'Pages.Marketing', 'Pages.Zakelijk'].sort());
      // The list counts them as ABP lists them (Role/GetAll).
      await admin.openRoles();
      await admin.tab.text(`${before.length + 2} rechten`).waitFor();
      await admin.tab.role('link', 'Monteur').click();
      await admin.tab.role('heading', 'Monteur').waitFor();

      await admin.tab.role('checkbox', NL.section.marketing).click();
      await save();
      expect(await admin.tickedPermissions(), 'the remaining ones').toEqual([...before, 'Pages.Zakelijk'].sort());
      expect(await admin.tickedPermissions()).toEqual(await held());

      // Another administrator takes Zakelijk away and gives Werkvoorbereiding, through ABP's own service.
      const theirs = [...before, 'Pages.Wvb'];
      await other.put('Role/Update', {
        id: 5,
        name: 'Monteur',
        displayName: 'Monteur',
        normalizedName: 'MONTEUR',
        description: null,
        grantedPermissions: theirs,
      });
      await admin.tab.role('checkbox', NL.section.marketing).click();
      await admin.tab.role('button', NL.beheer.save).click();
      await admin.tab.text(NL.otherChanges.title).waitFor();
      const [savedNow, mine] = (await admin.otherChanges()).Rechten ?? [];
      expect(savedNow?.split(', ').sort(), '"Nu opgeslagen": what ABP holds').toEqual(
        (await Promise.all((await held()).map(label))).sort(),
      );
      expect(mine?.split(', ').sort(), '"Jouw versie"').toEqual(
        (await Promise.all([...before, 'Pages.Zakelijk', 'Pages.Marketing'].map(label))).sort(),
      );
      expect(await held(), 'nothing sent before the choice').toEqual([...theirs].sort());
    },
    LONG_TEST_MS,
  );

  it(
    'a double click on save saves once, and a refusal keeps what was typed for the next try',
    async () => {
      const admin = env.staff;
      await atPerson(admin, 'Nieuwe Medewerker');
      await admin.tab.label('Voornaam').fill('Nieuw');
      env.stack.faults.set('UserUpdate', { status: 500 });
      await admin.tab.role('button', NL.beheer.save).click();
      await admin.tab.text('De gegevens van Nieuwe Medewerker konden niet worden opgeslagen.').waitFor();
      env.stack.faults.clear('UserUpdate');
      expect(await admin.fieldValue('Voornaam'), 'what was typed stays').toBe('Nieuw');
      const before = updates(admin).length;

      await admin.tab.role('button', NL.beheer.save).doubleClick();
      await admin.tab.text(NL.beheer.saved).waitFor();
      // As ABP holds him now; a second request of the double click would have been sent before the first was answered.
      await admin.tab.reload();
      await admin.tab.role('heading', 'Nieuw Medewerker').waitFor();
      expect(updates(admin).length - before, 'one User/Update for two clicks').toBe(1);
    },
    LONG_TEST_MS,
  );

  it(
    "ChangePassword's answer is lost: the page keeps the code through a reload, which it asks about first, checks it and hands over with the same code",
    async () => {
      const host = env.staff;
      await host.hostAtNewEnvironment();

      // ABP takes the code, and its answer never reaches the page.
      env.stack.faults.set('UserChangePassword', { lost: true, times: 1 });
      await host.tab.label(NL.handover.name).fill('Isolatie Zuidwest');
      await host.tab.label(NL.handover.shortName).fill('Zuidwest');
      await host.tab.label(NL.handover.firstAdminEmail).fill('vreemde@extern.local');
      await host.tab.role('button', NL.handover.create).click();
      await host.tab.role('heading', 'Isolatie Zuidwest').waitFor();
      await host.tab.text(NL.handover.answerLost).waitFor();
      expect(
        await host.tab.text('De beheerrechten konden niet worden gegeven.').visible(),
        'nothing said to have failed: the outcome is unknown, and the page says so',
      ).toBe(false);
      const tenantId = /\/(\d+)$/.exec(new URL(host.tab.url()).pathname)?.[1] ?? '';
      expect(tenantId).toMatch(/^\d+$/);
      const code = (await host.fieldValue(NL.handover.code)) ?? '';
      expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
      expect(await builtInAdminSignIn(env.stack, tenantId, code), 'the code shown is the one ABP holds').toBe(200);

      // Leaving within the app asks, and staying keeps everything.
      await host.tab.role('link', NL.beheer.tenants).click();
      await host.tab.text(NL.handover.leaveQuestion('Isolatie Zuidwest')).waitFor();
      await host.tab.role('button', NL.handover.stay).click();
      expect(await host.fieldValue(NL.handover.code)).toBe(code);

      // A reload asks first (beforeunload); once accepted, the page still knows the code may be in force.
      expect(await host.tab.reloadAccepting(), 'the browser asked before the reload').toBe('beforeunload');
      await host.tab.text(NL.handover.answerLost).waitFor();
      // The page opens at its top; what to do next is brought into view.
      await expect
        .poll(
          () =>
            host.tab.evaluate(
              (name) =>
                [...document.querySelectorAll('button')].some(
                  (button) =>
                    button.textContent === name &&
                    button.getBoundingClientRect().top >= 0 &&
                    button.getBoundingClientRect().bottom <= window.innerHeight,
                ),
              NL.handover.checkAndGoOn,
            ),
          { message: 'the check in view' },
        )
        .toBe(true);
      expect(await host.fieldValue(NL.handover.code), 'the same code after the reload').toBe(code);
      expect(await host.tab.evaluate(() => JSON.stringify(localStorage)), 'never in localStorage').toBe('{}');

      await host.tab.role('button', NL.handover.checkAndGoOn).click();
      await host.tab.role('button', NL.handover.give).waitFor();
      expect(await host.tab.text(NL.handover.answerLost).visible()).toBe(false);
      expect(await host.fieldValue(NL.handover.code)).toBe(code);

      const vera = await otherAdmin();
      await vera.signInToEnvironment('Zuidwest', 'vreemde');
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.granted('Vera Vreemde', 'Isolatie Zuidwest')).waitFor();
      expect(await host.fieldValue(NL.handover.code), 'no code left on the screen').toBeUndefined();
      expect(await builtInAdminSignIn(env.stack, tenantId, code), 'the code no longer opens the built-in admin').toBe(500);
    },
    LONG_TEST_MS,
  );
});
