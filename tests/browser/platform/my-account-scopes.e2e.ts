import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { TEST_MS } from '../../support/limits.ts';

/**
 * An Okta org whose administrator granted the app none of the my-account
 * scopes (its "Okta API Scopes" tab): the sign-in is not touched (it asks for
 * none), the org server answers Mijn account's request `consent_required`
 * as Okta does, and Mijn account names the scopes to grant and that only a
 * Super Admin grants them.
 */
const env = browserEnv({ myAccountScopes: [] });

describe('Mijn account where the org grants no my-account scopes', () => {
  it(
    'signs in as ever and names the scopes the administrator must grant',
    async () => {
      const app = await AppModel.newPage(env.watched);
      await app.person.signInToHome('admin', '123qwe', NL.shell.welcomeAnyone);
      await app.person.openUserMenu();
      await app.page.getByRole('link', { name: NL.shell.myAccount }).click();
      await app.waitForHeading(NL.shell.myAccount, { level: 1 });
      await app.page.getByText(/De inlogdienst geeft deze app geen toegang tot je accountgegevens/).waitFor();
      await app.page.getByText(/okta\.myAccount\.profile\.manage/).waitFor();
      // The org server answered consent_required (no_org_scopes_granted): who grants the scopes, and the way on.
      await app.page.getByText(/Alleen een Super Admin van de inlogdienst kan de app deze rechten geven/).waitFor();
      expect(await app.page.getByText('Je sessie bij de inlogdienst is afgelopen', { exact: false }).count()).toBe(0);
    },
    TEST_MS,
  );
});
