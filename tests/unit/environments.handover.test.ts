// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetPerson } from '../../src/auth/leaveTab.ts';
import { rememberSignOut } from '../../src/auth/signOutMarker.ts';
import { requireLoginForm } from '../../src/auth/loginPrompt.ts';
import { saveTransaction } from '../../src/auth/transaction.ts';
import { setProviderTokens } from '../../src/auth/providerTokens.ts';
import {
  checkPlan,
  confirmed,
  givePlan,
  keepHandover,
  readHandover,
  type Handover,
  type HandoverHolder,
} from '../../src/environments/handoverStore.ts';

// The handover's rules for its codes (src/environments/handoverStore.ts): a
// kept code is replaced only once ABP confirmed another, an emptied field
// means the kept code, and the codes are the signed-in person's alone and go
// at every sign-out (src/auth/leaveTab.ts).

const KEPT = 'Kept-Code-2026-aaaa';
const TYPED = 'Typd-Code-2026-bbbb';
const ANNA: HandoverHolder = { backend: 'https://abp.example', person: 'host.1' };
const BERT: HandoverHolder = { backend: 'https://abp.example', person: 'host.2' };

beforeEach(() => {
  // A new person in the tab: nothing kept, in storage or in memory.
  forgetPerson();
  sessionStorage.clear();
  localStorage.clear();
});

describe('"Code controleren en doorgaan" after an answer that never came', () => {
  const lost: Handover = { firstAdminEmail: 'vera@extern.local', stage: 'sending', code: KEPT };

  it('with the field typed over: tries the kept code, then the typed one, keeps both, and puts the typed one in force only if neither opens him', () => {
    expect(checkPlan(lost, ` ${TYPED} `)).toEqual({
      tries: [KEPT, TYPED],
      next: TYPED,
      keep: { firstAdminEmail: 'vera@extern.local', stage: 'sending', code: TYPED, others: [KEPT] },
    });
  });

  it('with the field emptied: the kept code, and nothing else', () => {
    expect(checkPlan(lost, '')).toEqual({ tries: [KEPT], next: KEPT, keep: { ...lost, others: [] } });
  });

  it('with the kept code in the field: tried once', () => {
    expect(checkPlan(lost, KEPT).tries).toEqual([KEPT]);
  });

  it('after a check that kept both, a second one tries both again and drops neither', () => {
    const both = checkPlan(lost, TYPED).keep;
    expect(checkPlan(both, '')).toMatchObject({ tries: [TYPED, KEPT], keep: { code: TYPED, others: [KEPT] } });
  });
});

describe('"Beheerrechten geven"', () => {
  const inForce: Handover = { firstAdminEmail: 'vera@extern.local', stage: 'in-force', code: KEPT };
  const noted: Handover = { firstAdminEmail: 'vera@extern.local', stage: 'in-force', noted: true };

  it('with the field emptied: the kept code, never a new one', () => {
    expect(givePlan(inForce, '  ')).toEqual({ kind: 'try', codes: [KEPT] });
  });

  it('with the field typed over: the kept code first (ABP confirmed it), then the typed one', () => {
    expect(givePlan(inForce, TYPED)).toEqual({ kind: 'try', codes: [KEPT, TYPED] });
  });

  it('with the code noted by the host and the field empty: asks for it, and makes no new code while it is in force', () => {
    expect(givePlan(noted, '')).toEqual({ kind: 'ask-code' });
    expect(givePlan(noted, TYPED)).toEqual({ kind: 'try', codes: [TYPED] });
  });

  it('with nothing kept and nothing typed (an environment made before): a new code put in force first', () => {
    expect(givePlan(undefined, '')).toEqual({ kind: 'secure-first' });
    expect(givePlan({ firstAdminEmail: '', stage: 'new' }, '')).toEqual({ kind: 'secure-first' });
  });

  it('a confirmed code is the only one kept, and none once the host has it noted', () => {
    expect(confirmed({ ...inForce, others: [TYPED] }, 'vera@extern.local', TYPED)).toEqual({
      firstAdminEmail: 'vera@extern.local',
      stage: 'in-force',
      code: TYPED,
    });
    expect(confirmed(noted, 'vera@extern.local', TYPED)).toEqual(noted);
  });
});

describe('kept per person, in the tab, until the person leaves', () => {
  it('is read back by the person who kept it, and by nobody else', () => {
    keepHandover(ANNA, 7, { firstAdminEmail: 'vera@extern.local', stage: 'in-force', code: KEPT });
    expect(readHandover(ANNA, 7)?.code).toBe(KEPT);
    expect(readHandover(BERT, 7)).toBeUndefined();
    expect(readHandover({ ...ANNA, backend: 'https://other.example' }, 7)).toBeUndefined();
    expect(readHandover(ANNA, 8)).toBeUndefined();
  });

  it('a code kept before codes were kept per person is taken over by the person in the tab, once', () => {
    sessionStorage.setItem(
      'handover:https://abp.example#7',
      JSON.stringify({ firstAdminEmail: 'vera@extern.local', stage: 'sending', code: KEPT }),
    );
    expect(readHandover(ANNA, 7)).toEqual({ firstAdminEmail: 'vera@extern.local', stage: 'sending', code: KEPT });
    expect(sessionStorage.getItem('handover:https://abp.example#7')).toBeNull();
    expect(readHandover(BERT, 7)).toBeUndefined();
    expect(readHandover(ANNA, 7)?.code).toBe(KEPT);
  });

  it("every sign-out clears the codes, Mijn account's drafts and answer, the sign-ins under way with their returns and the tokens; the next sign-in's own entries stay", () => {
    keepHandover(ANNA, 7, { firstAdminEmail: 'vera@extern.local', stage: 'in-force', code: KEPT });
    sessionStorage.setItem('myaccount.drafts', JSON.stringify({ name: { firstName: 'Anna' } }));
    sessionStorage.setItem('oidc.account-return', '?code=abc&state=account.x');
    saveTransaction({
      state: 'popup.s1',
      nonce: 'n',
      codeVerifier: 'v',
      returnPath: '/beheer/users/12',
      redirectUri: 'http://localhost/account/logincallback',
      createdAt: Date.now(),
    });
    setProviderTokens({ accessToken: 'a', idToken: 'i', refreshToken: 'r', expiresAt: Date.now() + 60_000, subject: 'anna' });
    rememberSignOut('state-1', 'idle');
    requireLoginForm();
    sessionStorage.setItem('app.inspect', '1');

    forgetPerson();

    expect(Object.keys(sessionStorage).sort()).toEqual(['app.inspect', 'oidc.prompt-login', 'oidc.signout']);
    expect(readHandover(ANNA, 7), 'nor in memory').toBeUndefined();
  });
});
