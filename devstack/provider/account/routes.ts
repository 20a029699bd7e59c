import { Hono } from 'hono';
import { appSignInUrl, pageHeaders, requestLanguage, type AccountServices } from '../accounts.ts';
import { TEXTS } from '../texts.ts';
import { mailboxPage, messagePage } from './pages.ts';
import { registerRecoveryRoutes } from './recovery.ts';
import { registerRegistrationRoutes } from './registration.ts';

// The provider's own account pages under /signin/ (registration, password
// recovery, unlock) and the local mailbox at /mailbox.

export const ACCOUNT_PREFIXES = ['/signin/', '/mailbox'];

export function createAccountApp(services: AccountServices): Hono {
  const app = new Hono();
  app.use('*', pageHeaders);

  app.get('/mailbox', (c) => c.html(mailboxPage(services.mailbox.list())));
  app.get('/mailbox.json', (c) => c.json({ messages: services.mailbox.list() }));

  registerRegistrationRoutes(app, services);
  registerRecoveryRoutes(app, services);

  const backUrl = appSignInUrl(services);
  app.notFound((c) => {
    const language = requestLanguage(c);
    return c.html(messagePage({ language, title: TEXTS[language].notFoundTitle, text: TEXTS[language].notFound, backUrl }), 404);
  });
  app.onError((error, c) => {
    console.error('devstack: account page failed', error);
    const language = requestLanguage(c);
    return c.html(messagePage({ language, title: TEXTS[language].errorTitle, text: TEXTS[language].failed, backUrl }), 500);
  });
  return app;
}
