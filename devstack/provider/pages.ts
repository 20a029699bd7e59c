import { productName, TEXTS, withLanguage, type Language } from './texts.ts';

// Pages of the local identity provider: sign-in, sign-out, and errors, in
// the person's language (texts.ts). Plain HTML with a little CSS; the
// sign-in works without script. The account pages (account/pages.ts) share
// the frame and the look.

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#eef2f5;color:#1c2630;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
  main{width:min(24rem,92vw);background:#fff;padding:2rem;border-radius:.5rem;box-shadow:0 2px 8px rgb(0 0 0/.12)}
  h1{margin:0 0 1.25rem;font-size:1.5rem}
  label{display:block;margin:.75rem 0 .25rem;font-weight:600}
  input{width:100%;padding:.6rem .7rem;border:1px solid #8a97a3;border-radius:.3rem;font:inherit}
  input:focus,button:focus,a:focus{outline:3px solid #f2a900;outline-offset:2px}
  button{margin-top:1.25rem;width:100%;padding:.7rem;border:0;border-radius:.3rem;background:#0b5c8a;color:#fff;
    font:inherit;font-weight:600;cursor:pointer}
  button:hover{background:#084a70}
  .error{margin:0 0 1rem;padding:.6rem .75rem;border-left:4px solid #b3261e;background:#fdecea;color:#7a1410}
  .notice{margin:0 0 1rem;padding:.6rem .75rem;border-left:4px solid #0b5c8a;background:#e8f1f7}
  .hint{margin:.25rem 0 0;font-size:.875rem;color:#4a5763}
  .field-error{margin:.25rem 0 0;font-size:.875rem;color:#b3261e}
  .secondary{display:block;margin-top:1rem;text-align:center;color:#0b5c8a}
  .links{display:flex;justify-content:space-between;gap:1rem;margin-top:1rem;font-size:.9rem}
  .links a{color:#0b5c8a}
  pre{white-space:pre-wrap;word-break:break-word;background:#f4f6f8;padding:.5rem;border-radius:.3rem}
`;

/** The app's own icon (public/favicon.svg), served by the provider at this path. */
export const FAVICON_PATH = '/favicon.svg';

export function page(language: Language, title: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(productName(language))}</title>
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>${script}
</body>
</html>`;
}

/** The Dutch sign-in error, as tests look for it. */
export const LOGIN_ERROR = TEXTS.nl.loginError;

/** Where the provider's own account pages live (account/routes.ts). */
export const ACCOUNT_PATHS = {
  register: '/signin/register',
  forgotPassword: '/signin/forgot-password',
  unlock: '/signin/unlock',
} as const;

export interface LoginPageInput {
  language: Language;
  uid: string;
  userName?: string;
  error?: string;
  /** The name is locked: say so and offer the unlock page. */
  locked?: boolean;
}

export function loginPage({ language, uid, userName = '', error, locked = false }: LoginPageInput): string {
  const text = TEXTS[language];
  const id = encodeURIComponent(uid);
  const unlock = locked ? ` <a href="${withLanguage(ACCOUNT_PATHS.unlock, language)}">${text.unlockAccount}</a>` : '';
  const errorBlock = error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}${unlock}</p>\n` : '';
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return page(
    language,
    text.signIn,
    `<h1>${text.signIn}</h1>
${errorBlock}<form method="post" action="/interaction/${id}/login">
<label for="username">${text.userName}</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${error ? '' : ' autofocus'} value="${escapeHtml(userName)}"${invalid}>
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' autofocus' : ''}${invalid}>
<button type="submit">${text.signIn}</button>
</form>
<p class="links"><a href="${withLanguage(ACCOUNT_PATHS.forgotPassword, language)}">${text.forgotPassword}</a> <a href="${withLanguage(ACCOUNT_PATHS.register, language)}">${text.requestAccount}</a></p>
<a class="secondary" href="/interaction/${id}/abort">${text.cancel}</a>`,
  );
}

/**
 * The RP-initiated logout confirmation. `form` is the provider's own hidden
 * form (it carries the xsrf value); the page asks for a full sign-out and
 * submits it straight away, with a button for browsers without script.
 */
export function logoutPage(form: string, language: Language): string {
  const text = TEXTS[language];
  const fullLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    language,
    text.signOut,
    `<h1>${text.signOut}</h1>
<p>${text.signingOut}</p>
${fullLogout}
<button type="submit" form="op.logoutForm">${text.signOut}</button>`,
    `\n<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function postLogoutPage(language: Language): string {
  const text = TEXTS[language];
  return page(language, text.signedOutTitle, `<h1>${text.signedOutTitle}</h1>\n<p>${text.signedOut}</p>`);
}

export function errorPage(language: Language, error: string, description?: string): string {
  const text = TEXTS[language];
  const detail = description ? `<pre>${escapeHtml(description)}</pre>` : '';
  return page(
    language,
    text.errorTitle,
    `<h1>${text.errorTitle}</h1>
<p>${text.errorText}</p>
<pre>${escapeHtml(error)}</pre>${detail}`,
  );
}
