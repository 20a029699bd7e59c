import type { Context, Hono } from 'hono';
import { afterResponse, appSignInUrl, field, requestLanguage, type AccountServices } from '../accounts.ts';
import { confirmPage, formPage, messagePage } from './pages.ts';
import { formToken, formTokenMatches } from './form-token.ts';
import { ACCOUNT_PATHS } from '../pages.ts';
import { passwordProblems } from '../password-policy.ts';
import { TEXTS, withLanguage, type Language, type Texts } from '../texts.ts';

// Password recovery and unlocking, both by a one-time link by e-mail. The
// page after asking reads the same for every name: whether an account (or a
// lock) exists is decided after the answer, and only shows in the mailbox
// of the account's owner.

const FORGOT = ACCOUNT_PATHS.forgotPassword;
const RESET = '/signin/reset-password';
const UNLOCK = ACCOUNT_PATHS.unlock;

interface LinkPayload {
  sub: string;
  /** The language the link was asked for in: its pages speak it, whichever browser opens the mail. */
  language: Language;
}

type Next = { href: string; label: string };

/** The texts of one "which account?" page: recovery or unlock. */
type AskTexts = { title: string; intro: string };

export function registerRecoveryRoutes(app: Hono, services: AccountServices): void {
  const { users, lockout, links, mailbox, issuer } = services;
  const back = appSignInUrl(services);
  const message = (c: Context, language: Language, title: string, text: string, status: 200 | 400 | 403 = 200, next?: Next) =>
    c.html(messagePage({ language, title, text, backUrl: back, next }), status);

  /** The "which account?" form shared by recovery and unlock. */
  const askForm = (c: Context, language: Language, path: string, ask: AskTexts, error?: string) =>
    c.html(
      formPage({
        language,
        title: ask.title,
        intro: ask.intro,
        action: withLanguage(path, language),
        formToken: formToken(c),
        fields: [{ name: 'login', label: TEXTS[language].loginField, autocomplete: 'username', error }],
        submit: TEXTS[language].sendLink,
        error: error ? TEXTS[language].checkField : undefined,
        backUrl: back,
      }),
      error ? 400 : 200,
    );

  const askRoute = (path: string, ask: (text: Texts) => AskTexts, job: (login: string, language: Language) => void) => {
    app.get(path, (c) => {
      const language = requestLanguage(c);
      return askForm(c, language, path, ask(TEXTS[language]));
    });
    app.post(path, async (c) => {
      const language = requestLanguage(c);
      const text = TEXTS[language];
      const form = await c.req.parseBody();
      if (!formTokenMatches(c, form.form_token)) {
        return message(c, language, text.formExpiredTitle, text.formExpired, 403, {
          href: withLanguage(path, language),
          label: ask(text).title,
        });
      }
      const login = field(form, 'login').trim();
      if (!login || login.length > 254) return askForm(c, language, path, ask(text), text.loginFieldError);
      afterResponse(() => job(login, language));
      return c.redirect(withLanguage(`${path}/sent`, language), 303);
    });
  };

  askRoute(
    FORGOT,
    (text) => ({ title: text.forgotTitle, intro: text.forgotIntro }),
    (login, language) => {
      const user = users.findByLogin(login);
      if (!user) return;
      const link = withLanguage(`${issuer}${RESET}?token=${links.issue<LinkPayload>('recovery', { sub: user.sub, language })}`, language);
      mailbox.send({
        to: user.email,
        channel: 'email',
        subject: TEXTS[language].mailResetTitle,
        text: TEXTS[language].mailReset(link),
        link,
      });
    },
  );
  app.get(`${FORGOT}/sent`, (c) => {
    const language = requestLanguage(c);
    return message(c, language, TEXTS[language].checkMail, TEXTS[language].forgotSent);
  });

  /** A new password, asked twice as Mijn account asks it; what was typed stays when only the repetition differs (checked before sending). */
  const resetForm = (c: Context, language: Language, token: string, errors: { password?: string; repeat?: string } = {}) => {
    const text = TEXTS[language];
    return formPage({
      language,
      title: text.resetTitle,
      action: withLanguage(RESET, language),
      formToken: formToken(c),
      hidden: { token },
      fields: [
        {
          name: 'password',
          label: text.newPassword,
          type: 'password',
          autocomplete: 'new-password',
          hint: text.passwordRule,
          error: errors.password,
        },
        {
          name: 'repeatPassword',
          label: text.repeatPassword,
          type: 'password',
          autocomplete: 'new-password',
          error: errors.repeat,
          sameAs: { field: 'password', message: text.passwordsDiffer },
        },
      ],
      submit: text.savePassword,
      error: errors.password || errors.repeat ? text.checkFields : undefined,
      backUrl: back,
    });
  };
  const deadLink = (c: Context, language: Language, expired: boolean, retry: (text: Texts) => Next) => {
    const text = TEXTS[language];
    return message(c, language, text.linkBroken, expired ? text.linkExpired : text.linkUsed, 400, retry(text));
  };
  const newRecoveryLink = (language: Language) => (text: Texts) => ({ href: withLanguage(FORGOT, language), label: text.newLink });

  app.get(RESET, (c) => {
    const token = c.req.query('token') ?? '';
    const found = links.peek<LinkPayload>('recovery', token);
    const language = found.kind === 'valid' ? found.payload.language : requestLanguage(c);
    if (found.kind !== 'valid' || !users.findBySub(found.payload.sub))
      return deadLink(c, language, found.kind === 'expired', newRecoveryLink(language));
    return c.html(resetForm(c, language, token));
  });

  app.post(RESET, async (c) => {
    const language = requestLanguage(c);
    const text = TEXTS[language];
    const form = await c.req.parseBody();
    const token = field(form, 'token');
    if (!formTokenMatches(c, form.form_token)) return message(c, language, text.formExpiredTitle, text.formExpiredOpenMail, 403);
    // Looked at first and used only once the password is accepted, so a
    // refused password can be tried again with the same link.
    const found = links.peek<LinkPayload>('recovery', token);
    const user = found.kind === 'valid' ? users.findBySub(found.payload.sub) : undefined;
    if (!user) return deadLink(c, language, found.kind === 'expired', newRecoveryLink(language));
    const password = field(form, 'password');
    const problems = passwordProblems(password, user.userName);
    if (problems.length)
      return c.html(resetForm(c, language, token, { password: problems.map((p) => text.passwordProblem[p]).join(' ') }), 400);
    if (password !== field(form, 'repeatPassword')) return c.html(resetForm(c, language, token, { repeat: text.passwordsDiffer }), 400);
    if (links.consume('recovery', token).kind !== 'valid') return deadLink(c, language, false, newRecoveryLink(language));
    users.setPassword(user, users.hash(password));
    // A new password also ends a lockout, as at Okta.
    lockout.clear(user.userName);
    mailbox.send({ to: user.email, channel: 'email', subject: text.mailPasswordChangedTitle, text: text.mailPasswordChanged });
    return c.redirect(withLanguage(`${RESET}/done`, language), 303);
  });
  app.get(`${RESET}/done`, (c) => {
    const language = requestLanguage(c);
    return message(c, language, TEXTS[language].passwordChangedTitle, TEXTS[language].passwordChanged);
  });

  askRoute(
    UNLOCK,
    (text) => ({ title: text.unlockAccount, intro: text.unlockIntro }),
    (login, language) => {
      const user = users.findByLogin(login);
      if (!user || !lockout.isLocked(user.userName)) return;
      const link = withLanguage(
        `${issuer}${UNLOCK}/confirm?token=${links.issue<LinkPayload>('unlock', { sub: user.sub, language })}`,
        language,
      );
      mailbox.send({
        to: user.email,
        channel: 'email',
        subject: TEXTS[language].unlockAccount,
        text: TEXTS[language].mailUnlock(link),
        link,
      });
    },
  );
  app.get(`${UNLOCK}/sent`, (c) => {
    const language = requestLanguage(c);
    return message(c, language, TEXTS[language].checkMail, TEXTS[language].unlockSent);
  });

  const newUnlockLink = (language: Language) => (text: Texts) => ({ href: withLanguage(UNLOCK, language), label: text.newLink });
  app.get(`${UNLOCK}/confirm`, (c) => {
    const token = c.req.query('token') ?? '';
    const found = links.peek<LinkPayload>('unlock', token);
    const language = found.kind === 'valid' ? found.payload.language : requestLanguage(c);
    if (found.kind !== 'valid') return deadLink(c, language, found.kind === 'expired', newUnlockLink(language));
    const text = TEXTS[language];
    return c.html(
      confirmPage({
        language,
        title: text.unlockAccount,
        text: text.unlockText,
        action: withLanguage(`${UNLOCK}/confirm`, language),
        formToken: formToken(c),
        token,
        submit: text.unlock,
        backUrl: back,
      }),
    );
  });
  app.post(`${UNLOCK}/confirm`, async (c) => {
    const language = requestLanguage(c);
    const text = TEXTS[language];
    const form = await c.req.parseBody();
    if (!formTokenMatches(c, form.form_token)) return message(c, language, text.formExpiredTitle, text.formExpiredOpenMail, 403);
    const found = links.consume<LinkPayload>('unlock', field(form, 'token'));
    const user = found.kind === 'valid' ? users.findBySub(found.payload.sub) : undefined;
    if (!user) return deadLink(c, language, found.kind === 'expired', newUnlockLink(language));
    lockout.clear(user.userName);
    return c.redirect(withLanguage(`${UNLOCK}/done`, language), 303);
  });
  app.get(`${UNLOCK}/done`, (c) => {
    const language = requestLanguage(c);
    return message(c, language, TEXTS[language].unlockedTitle, TEXTS[language].unlocked);
  });
}
