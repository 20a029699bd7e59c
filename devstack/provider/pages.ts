// Dutch pages of the local identity provider: sign-in, sign-out, and errors.
// Plain HTML with a little CSS; the sign-in works without script. The
// account pages (account/pages.ts) share the frame and the look.

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

export function page(title: string, body: string, script = ''): string {
  return `<!DOCTYPE html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>${script}
</body>
</html>`;
}

export const LOGIN_ERROR = 'Onbekende gebruikersnaam of onjuist wachtwoord.';
export const LOCKED_ERROR = 'Dit account is geblokkeerd na te veel mislukte inlogpogingen.';

/** Where the provider's own account pages live (account/routes.ts). */
export const ACCOUNT_PATHS = {
  register: '/signin/register',
  forgotPassword: '/signin/forgot-password',
  unlock: '/signin/unlock',
} as const;

export interface LoginPageInput {
  uid: string;
  userName?: string;
  error?: string;
  /** The name is locked: say so and offer the unlock page. */
  locked?: boolean;
}

export function loginPage({ uid, userName = '', error, locked = false }: LoginPageInput): string {
  const id = encodeURIComponent(uid);
  const unlock = locked ? ` <a href="${ACCOUNT_PATHS.unlock}">Account ontgrendelen</a>` : '';
  const errorBlock = error ? `<p class="error" id="login-error" role="alert">${escapeHtml(error)}${unlock}</p>\n` : '';
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  return page(
    'Inloggen',
    `<h1>Inloggen</h1>
${errorBlock}<form method="post" action="/interaction/${id}/login">
<label for="username">Gebruikersnaam</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required${error ? '' : ' autofocus'} value="${escapeHtml(userName)}"${invalid}>
<label for="password">Wachtwoord</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${error ? ' autofocus' : ''}${invalid}>
<button type="submit">Inloggen</button>
</form>
<p class="links"><a href="${ACCOUNT_PATHS.forgotPassword}">Wachtwoord vergeten?</a> <a href="${ACCOUNT_PATHS.register}">Registreren</a></p>
<a class="secondary" href="/interaction/${id}/abort">Annuleren</a>`,
  );
}

/**
 * The RP-initiated logout confirmation. `form` is the provider's own hidden
 * form (it carries the xsrf value); the page asks for a full sign-out and
 * submits it straight away, with a button for browsers without script.
 */
export function logoutPage(form: string): string {
  const fullLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return page(
    'Uitloggen',
    `<h1>Uitloggen</h1>
<p>U wordt uitgelogd.</p>
${fullLogout}
<button type="submit" form="op.logoutForm">Uitloggen</button>`,
    `\n<script>document.getElementById('op.logoutForm').submit();</script>`,
  );
}

export function postLogoutPage(): string {
  return page('Uitgelogd', '<h1>Uitgelogd</h1>\n<p>U bent uitgelogd. U kunt dit venster sluiten.</p>');
}

export function errorPage(error: string, description?: string): string {
  const detail = description ? `<pre>${escapeHtml(description)}</pre>` : '';
  return page(
    'Er ging iets mis',
    `<h1>Er ging iets mis</h1>
<p>Het inloggen kon niet worden afgerond. Ga terug naar de applicatie en probeer het opnieuw.</p>
<pre>${escapeHtml(error)}</pre>${detail}`,
  );
}
