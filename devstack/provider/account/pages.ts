import { escapeHtml, page } from '../pages.ts';
import type { MailMessage } from '../mailbox.ts';
import { TEXTS, type Language } from '../texts.ts';

// HTML of the provider's account pages (registration, recovery, unlock) and
// of the local mailbox, in the look of the sign-in page.

export interface FormField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
  /** A repeated password: the name of the field it must equal, and what to say when it does not. */
  sameAs?: { field: string; message: string };
}

export interface FormPageInput {
  language: Language;
  title: string;
  intro?: string;
  action: string;
  /** The per-form token (form-token.ts) that a POST must carry back. */
  formToken: string;
  fields: FormField[];
  submit: string;
  error?: string;
  hidden?: Record<string, string>;
  /** Where "Terug naar inloggen" goes: the app's sign-in page. */
  backUrl: string;
}

function fieldHtml(field: FormField, autofocus: boolean): string {
  const id = escapeHtml(field.name);
  const described = [field.hint ? `${id}-hint` : '', field.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const keepValue = field.type !== 'password' && field.value ? ` value="${escapeHtml(field.value)}"` : '';
  const spelling = field.type === 'email' || field.name === 'username' ? ' autocapitalize="none" spellcheck="false"' : '';
  return `<label for="${id}">${escapeHtml(field.label)}</label>
<input id="${id}" name="${id}" type="${field.type ?? 'text'}" autocomplete="${escapeHtml(field.autocomplete)}" required${spelling}${keepValue}${
    autofocus ? ' autofocus' : ''
  }${field.error ? ' aria-invalid="true"' : ''}${described ? ` aria-describedby="${described}"` : ''}>
${field.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(field.hint)}</p>\n` : ''}${
    field.error ? `<p class="field-error" id="${id}-error">${escapeHtml(field.error)}</p>\n` : ''
  }`;
}

/**
 * Checks a repeated password before the form is sent, so a typing slip
 * costs nothing that was typed; the server checks it again without script.
 */
function sameAsScript(fields: FormField[]): string {
  const pairs = fields.flatMap((field) => (field.sameAs ? [[field.name, field.sameAs.field, field.sameAs.message]] : []));
  if (pairs.length === 0) return '';
  return `\n<script>
document.currentScript.previousElementSibling.querySelector('form').addEventListener('submit', (event) => {
  for (const [name, other, message] of ${JSON.stringify(pairs).replaceAll('<', '\\x3c')}) {
    const input = event.target.elements[name];
    if (input.value === event.target.elements[other].value) continue;
    event.preventDefault();
    let error = document.getElementById(name + '-error');
    if (!error) {
      error = document.createElement('p');
      error.className = 'field-error';
      error.id = name + '-error';
      input.after(error);
      input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), error.id].filter(Boolean).join(' '));
    }
    error.textContent = message;
    input.setAttribute('aria-invalid', 'true');
    input.focus();
    return;
  }
});
</script>`;
}

export function formPage(input: FormPageInput): string {
  const text = TEXTS[input.language];
  const firstWrong = input.fields.findIndex((f) => f.error);
  const focus = firstWrong >= 0 ? firstWrong : 0;
  const hidden = Object.entries({ ...input.hidden, form_token: input.formToken })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    input.language,
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
${input.intro ? `<p>${escapeHtml(input.intro)}</p>\n` : ''}${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>\n` : ''}<form method="post" action="${escapeHtml(input.action)}" novalidate>
${hidden}
${input.fields.map((field, index) => fieldHtml(field, index === focus)).join('')}<button type="submit">${escapeHtml(input.submit)}</button>
</form>
<a class="secondary" href="${escapeHtml(input.backUrl)}">${text.backToSignIn}</a>`,
    sameAsScript(input.fields),
  );
}

export interface MessagePageInput {
  language: Language;
  title: string;
  text: string;
  backUrl: string;
  /** A follow-up, such as requesting a new link. */
  next?: { href: string; label: string };
}

export function messagePage({ language, title, text, backUrl, next }: MessagePageInput): string {
  const follow = next ? `<a class="secondary" href="${escapeHtml(next.href)}">${escapeHtml(next.label)}</a>\n` : '';
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p class="notice" role="status">${escapeHtml(text)}</p>
${follow}<a class="secondary" href="${escapeHtml(backUrl)}">${TEXTS[language].backToSignIn}</a>`,
  );
}

/** A page with one button, so a mail scanner that opens the link changes nothing. */
export function confirmPage(input: {
  language: Language;
  title: string;
  text: string;
  action: string;
  formToken: string;
  token: string;
  submit: string;
  backUrl: string;
}): string {
  return page(
    input.language,
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.text)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<input type="hidden" name="form_token" value="${escapeHtml(input.formToken)}">
<button type="submit">${escapeHtml(input.submit)}</button>
</form>
<a class="secondary" href="${escapeHtml(input.backUrl)}">${TEXTS[input.language].backToSignIn}</a>`,
  );
}

export function mailboxPage(messages: readonly MailMessage[]): string {
  const items = messages.map((m) => {
    const link = m.link ? `\n<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : '';
    const channel = m.channel === 'sms' ? 'sms' : 'e-mail';
    return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="hint">${channel} aan ${escapeHtml(m.to)}, ${escapeHtml(new Date(m.sentAt).toLocaleString('nl-NL'))}</p>
<pre>${escapeHtml(m.text)}</pre>${link}
</article>`;
  });
  const body = items.length ? items.join('\n') : '<p>Er zijn nog geen berichten.</p>';
  // A developer's tool of the local stack, not a page staff see: Dutch only.
  return page(
    'nl',
    'Postvak (lokaal)',
    `<h1>Postvak (lokaal)</h1>
<p class="notice">De lokale omgeving verstuurt niets: e-mails en sms-codes komen hier terecht, nieuwste bovenaan.</p>
${body}`,
  );
}
