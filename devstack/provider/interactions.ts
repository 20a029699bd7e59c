import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { grantFirstParty } from './oidc.ts';
import { pageHeaders, type AccountServices } from './accounts.ts';
import { errorPage, loginPage } from './pages.ts';
import { languageCookie, pageLanguage, TEXTS, type Language } from './texts.ts';

// The provider's sign-in steps (interactions). The login prompt shows the
// Dutch form; the consent prompt is granted at once, because the clients
// are the company's own apps (the staff app, and another app of the org). A silent renewal (prompt=none) never
// comes here: the provider answers it itself from the session.

type Env = { Bindings: HttpBindings };

export function createInteractionApp(provider: Provider, services: AccountServices, apiAudience: string): Hono<Env> {
  const app = new Hono<Env>();
  const { users, lockout } = services;

  app.use('*', pageHeaders);

  const details = async (c: Context<Env>): Promise<Interaction> => {
    const interaction = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    if (interaction.uid !== c.req.param('uid')) throw new Error('interaction does not match');
    return interaction;
  };

  /** The sign-in's language: what the app asked for (ui_locales), kept in a cookie for the account pages it leads to. */
  const languageOfSignIn = (c: Context<Env>, interaction: Interaction): Language => {
    const uiLocales = interaction.params.ui_locales;
    const language = pageLanguage(typeof uiLocales === 'string' ? uiLocales : undefined, c.req.header('cookie'));
    c.header('Set-Cookie', languageCookie(language), { append: true });
    return language;
  };

  const finish = async (c: Context<Env>, result: InteractionResults, merge = true) => {
    const returnTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, result, { mergeWithLastSubmission: merge });
    return c.redirect(returnTo, 303);
  };

  app.get('/interaction/:uid', async (c) => {
    const interaction = await details(c);
    const language = languageOfSignIn(c, interaction);
    if (interaction.prompt.name === 'login') return c.html(loginPage({ language, uid: interaction.uid }));
    if (interaction.prompt.name === 'consent') {
      const grantId = await grantEverything(provider, interaction, interaction.session?.accountId, apiAudience);
      return finish(c, { consent: { grantId } });
    }
    return c.html(errorPage(language, 'interaction_required', TEXTS[language].unknownStep(interaction.prompt.name)), 400);
  });

  app.post('/interaction/:uid/login', async (c) => {
    const interaction = await details(c);
    const language = languageOfSignIn(c, interaction);
    const text = TEXTS[language];
    if (interaction.prompt.name !== 'login') return c.redirect(`/interaction/${encodeURIComponent(interaction.uid)}`, 303);
    const form = await c.req.parseBody();
    const userName = typeof form.username === 'string' ? form.username : '';
    const password = typeof form.password === 'string' ? form.password : '';
    // The password is checked (one scrypt run) before the lock, so a locked
    // name, a known one and an unknown one all take the same time.
    const user = users.verify(userName, password);
    const locked = lockout.isLocked(userName) || (!user && lockout.fail(userName));
    if (locked) return c.html(loginPage({ language, uid: interaction.uid, userName, error: text.lockedError, locked: true }), 200);
    if (!user) return c.html(loginPage({ language, uid: interaction.uid, userName, error: text.loginError }), 200);
    lockout.clear(userName);
    // auth_time by the provider's clock, which the my-account API's 15-minute rule reads too.
    // The consent is given with the login, in one round: a consent step of its own would resume the sign-in a second
    // time, and a second tab signing in meanwhile replaces the browser's session between the two (oidc-provider then
    // refuses with "interaction session and authentication session mismatch"). Okta asks the person nothing here either.
    const grantId = await grantEverything(provider, interaction, user.sub, apiAudience);
    return finish(c, { login: { accountId: user.sub, ts: Math.floor(services.clock() / 1000) }, consent: { grantId } });
  });

  app.get('/interaction/:uid/abort', async (c) => {
    const language = languageOfSignIn(c, await details(c));
    return finish(c, { error: 'access_denied', error_description: TEXTS[language].cancelled }, false);
  });

  app.onError((error, c) => {
    // Mostly an expired or unknown interaction (cookie gone, stack restarted).
    const language = pageLanguage(undefined, c.req.header('cookie'));
    const text = error.name === 'SessionNotFound' ? TEXTS[language].attemptExpired : error.message;
    return c.html(errorPage(language, 'invalid_request', text), 400);
  });

  return app;
}

/** The administrator's grant for the app and person of this sign-in step, with what the step named beyond it. */
async function grantEverything(
  provider: Provider,
  interaction: Interaction,
  accountId: string | undefined,
  apiAudience: string,
): Promise<string> {
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('consent without a signed-in user or a client');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;
  // Another account signing in in this browser (prompt=login after a refusal) gets a grant of its own.
  return grantFirstParty(
    provider,
    clientId,
    accountId,
    apiAudience,
    { scope: missingOIDCScope, claims: missingOIDCClaims, resourceScopes: missingResourceScopes },
    existing,
  );
}
