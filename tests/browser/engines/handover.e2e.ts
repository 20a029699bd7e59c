import { describe, expect, it, onTestFinished } from 'vitest';
import { StaffModel } from '../models/staff.model.ts';
import { NL } from '../models/texts.ts';
import { ENGINES_SEEING_REQUESTS, type SeenRequest } from '../support/driver.ts';
import { engineEnv } from '../support/engineEnv.ts';
import { builtInAdminSignIn } from '../support/stack.ts';
import { LONGEST_TEST_MS } from '../../support/limits.ts';

/**
 * The handover code after ChangePassword's answer was lost, in Chromium and
 * Firefox ESR (docs/abp.md, "Handing over an environment"): the field typed
 * over, then emptied, with a reload between each step; each ends with the
 * code the host has opening the built-in admin at the stack's ABP, and the
 * handover done with it. Every refused sign-in as the built-in admin counts
 * against ABP's lockout, so the tries each step makes are counted too.
 */
const TYPED_OVER = 'Abcd-Efgh-2345-Jkmn';

/** The tab's requests to one of ABP's services, by the end of its path. */
const calls = (staff: StaffModel, path: string) =>
  staff.tab.requests.filter((request: SeenRequest) => request.method === 'POST' && new URL(request.url).pathname.endsWith(path));
const signInsAsAdmin = (staff: StaffModel) => calls(staff, '/TokenAuth/Authenticate').length;
const passwordChanges = (staff: StaffModel) => calls(staff, '/User/ChangePassword').length;

describe.each(ENGINES_SEEING_REQUESTS)('%s, the handover code that is never lost', (engine) => {
  const env = engineEnv(engine);

  /** Vera, in a browser of her own, signed in to the new environment: ABP registers her without a role. */
  async function veraSignsIn(shortName: string): Promise<void> {
    const vera = new StaffModel(await env.browser.newTab(), env.stack);
    onTestFinished(() => vera.tab.close());
    await vera.signInToEnvironment(shortName, 'vreemde');
  }

  /** The host makes the environment and its ChangePassword answer is lost: the page shows the code it sent, which ABP holds. Answers its id and the code. */
  async function madeWithLostAnswer(host: StaffModel, shortName: string): Promise<{ tenantId: string; code: string }> {
    await host.hostAtNewEnvironment();
    env.stack.faults.set('UserChangePassword', { lost: true, times: 1 });
    await host.tab.label(NL.handover.name).fill(`Isolatie ${shortName}`);
    await host.tab.label(NL.handover.shortName).fill(shortName);
    await host.tab.label(NL.handover.firstAdminEmail).fill('vreemde@extern.local');
    await host.tab.role('button', NL.handover.create).click();
    await host.tab.role('heading', `Isolatie ${shortName}`).waitFor();
    await host.tab.text(NL.handover.answerLost).waitFor();
    const tenantId = /\/(\d+)$/.exec(new URL(host.tab.url()).pathname)?.[1] ?? '';
    const code = (await host.fieldValue(NL.handover.code)) ?? '';
    expect(code).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    return { tenantId, code };
  }

  /** Reloads, accepting the browser's question; the page then shows the handover again, `waitFor` its state. */
  async function reload(host: StaffModel, waitFor: string): Promise<void> {
    await host.tab.reloadAccepting();
    await host.tab.text(waitFor).waitFor();
  }

  it(
    'the field typed over at each step: the kept code is tried first, confirmed, shown again, and hands over',
    async () => {
      const host = env.staff;
      const { tenantId, code } = await madeWithLostAnswer(host, 'Oostland');
      await reload(host, NL.handover.answerLost);
      expect(await host.fieldValue(NL.handover.code), 'the kept code after a reload').toBe(code);

      // Typed over, and checked: the kept code opens the built-in admin, once, and is what the field shows again.
      await host.tab.label(NL.handover.code).fill(TYPED_OVER);
      let before = signInsAsAdmin(host);
      await host.tab.role('button', NL.handover.checkAndGoOn).click();
      await host.tab.role('button', NL.handover.give).waitFor();
      await host.tab.text(NL.handover.keptWorks).waitFor();
      expect(await host.fieldValue(NL.handover.code)).toBe(code);
      expect(signInsAsAdmin(host) - before, 'one sign-in as the built-in admin: the kept code, which opened him').toBe(1);
      expect(passwordChanges(host), 'no new password sent').toBe(1);
      expect(await builtInAdminSignIn(env.stack, tenantId, code)).toBe(200);
      expect(JSON.stringify(await host.tab.sessionStorage()), 'the typed code not kept once the kept one was confirmed').not.toContain(
        TYPED_OVER,
      );

      await reload(host, NL.handover.give);
      expect(await host.fieldValue(NL.handover.code), 'in force, after a reload').toBe(code);
      expect(await host.tab.text(NL.handover.answerLost).visible()).toBe(false);

      // Typed over again, and "Beheerrechten geven" before Vera signed in: the kept code, which still opens him, is used and shown.
      await host.tab.label(NL.handover.code).fill(TYPED_OVER);
      before = signInsAsAdmin(host);
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.notSignedInYet('vreemde@extern.local', 'Isolatie Oostland')).waitFor();
      expect(await host.fieldValue(NL.handover.code)).toBe(code);
      expect(signInsAsAdmin(host) - before).toBe(1);

      await reload(host, NL.handover.give);
      expect(await host.fieldValue(NL.handover.code)).toBe(code);
      await veraSignsIn('Oostland');
      await host.tab.label(NL.handover.code).fill(TYPED_OVER);
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.granted('Vera Vreemde', 'Isolatie Oostland')).waitFor();
      expect(await builtInAdminSignIn(env.stack, tenantId, code), 'the code retired with the handover').toBe(500);
      expect(await builtInAdminSignIn(env.stack, tenantId, TYPED_OVER)).toBe(500);
      expect(
        Object.keys(await host.tab.sessionStorage()).filter((key) => key.startsWith('handover:')),
        'nothing kept',
      ).toEqual([]);
    },
    LONGEST_TEST_MS,
  );

  it(
    'the field emptied at each step: the kept code is used, no new one made; once noted, the tab keeps it no more and asks for it',
    async () => {
      const host = env.staff;
      const { tenantId, code } = await madeWithLostAnswer(host, 'Westland');
      await reload(host, NL.handover.answerLost);

      // Emptied, and checked: the kept code, found in force.
      await host.tab.label(NL.handover.code).fill('');
      await host.tab.role('button', NL.handover.checkAndGoOn).click();
      await host.tab.role('button', NL.handover.give).waitFor();
      expect(await host.fieldValue(NL.handover.code)).toBe(code);
      expect(passwordChanges(host), 'no new password sent').toBe(1);

      await reload(host, NL.handover.give);
      expect(await host.fieldValue(NL.handover.code)).toBe(code);

      // Emptied, and "Beheerrechten geven": the kept code, said so; no new code made, none sent.
      await host.tab.label(NL.handover.code).fill('');
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.notSignedInYet('vreemde@extern.local', 'Isolatie Westland')).waitFor();
      await host.tab.text(NL.handover.thisIsKept).waitFor();
      expect(await host.fieldValue(NL.handover.code)).toBe(code);
      expect(passwordChanges(host), 'no new password sent').toBe(1);
      expect(await builtInAdminSignIn(env.stack, tenantId, code)).toBe(200);

      // The host has it noted: the tab keeps it no more, and after a reload asks for it, trying nothing.
      await reload(host, NL.handover.give);
      await host.tab.role('button', NL.handover.noted).click();
      await host.tab.text(NL.handover.notKeptNow).waitFor();
      expect(JSON.stringify(await host.tab.sessionStorage()), 'the code no longer in the tab').not.toContain(code);
      await reload(host, NL.handover.give);
      expect(await host.fieldValue(NL.handover.code)).toBe('');
      const before = signInsAsAdmin(host);
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.askNotedCode).waitFor();
      expect(signInsAsAdmin(host) - before, 'nothing tried').toBe(0);
      expect(passwordChanges(host), 'no new code made').toBe(1);

      await veraSignsIn('Westland');
      await host.tab.label(NL.handover.code).fill(code);
      await host.tab.role('button', NL.handover.give).click();
      await host.tab.text(NL.handover.granted('Vera Vreemde', 'Isolatie Westland')).waitFor();
      expect(await builtInAdminSignIn(env.stack, tenantId, code), 'the code retired with the handover').toBe(500);
    },
    LONGEST_TEST_MS,
  );
});
