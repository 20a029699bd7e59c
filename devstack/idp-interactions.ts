import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type Provider from 'oidc-provider';
import type { Interaction, InteractionResults } from 'oidc-provider';
import { CLIENT_ID } from './appconfig.ts';
import { SCOPES } from './idp.ts';
import { errorPage, LOGIN_ERROR, loginPage } from './idp-pages.ts';
import type { UserStore } from './user-store.ts';

// The provider's sign-in steps (interactions). The login prompt shows the
// Dutch form; the consent prompt is granted at once, because the only
// client is the company's own app.

type Env = { Bindings: HttpBindings };

export function createInteractionApp(provider: Provider, users: UserStore, apiUrl: string): Hono<Env> {
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('Content-Security-Policy', "frame-ancestors 'none'");
    c.header('Referrer-Policy', 'no-referrer');
  });

  const details = async (c: Context<Env>): Promise<Interaction> => {
    const interaction = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
    if (interaction.uid !== c.req.param('uid')) throw new Error('interaction does not match');
    return interaction;
  };

  const finish = async (c: Context<Env>, result: InteractionResults, merge = true) => {
    const returnTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, result, { mergeWithLastSubmission: merge });
    return c.redirect(returnTo, 303);
  };

  app.get('/interaction/:uid', async (c) => {
    const interaction = await details(c);
    if (interaction.prompt.name === 'login') return c.html(loginPage({ uid: interaction.uid }));
    if (interaction.prompt.name === 'consent') {
      const grantId = await grantEverything(provider, interaction, apiUrl);
      return finish(c, { consent: { grantId } });
    }
    return c.html(errorPage('interaction_required', `Onbekende stap: ${interaction.prompt.name}`), 400);
  });

  app.post('/interaction/:uid/login', async (c) => {
    const interaction = await details(c);
    if (interaction.prompt.name !== 'login') return c.redirect(`/interaction/${encodeURIComponent(interaction.uid)}`, 303);
    const form = await c.req.parseBody();
    const userName = typeof form.username === 'string' ? form.username : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const user = users.verify(userName, password);
    if (!user) return c.html(loginPage({ uid: interaction.uid, userName, error: LOGIN_ERROR }), 200);
    return finish(c, { login: { accountId: user.sub } });
  });

  app.get('/interaction/:uid/abort', async (c) => {
    await details(c);
    return finish(c, { error: 'access_denied', error_description: 'Inloggen is geannuleerd.' }, false);
  });

  app.onError((error, c) => {
    // Mostly an expired or unknown interaction (cookie gone, stack restarted).
    const text = error.name === 'SessionNotFound' ? 'Deze inlogpoging is verlopen.' : error.message;
    return c.html(errorPage('invalid_request', text), 400);
  });

  return app;
}

/** Grants the first-party client everything it may ask for. */
async function grantEverything(provider: Provider, interaction: Interaction, apiUrl: string): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || clientId !== CLIENT_ID) throw new Error('consent without a signed-in user or for an unknown client');

  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = interaction.prompt.details;

  grant.addOIDCScope(SCOPES.join(' '));
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  grant.addResourceScope(apiUrl, SCOPES.join(' '));
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) {
    if (indicator === apiUrl) grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}
