import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The rule a .NET DataAnnotations message states. ABP sends them in English,
 * naming the DTO's property and quoting regular expressions (abp-recorded:
 * `role` `create-invalid`, `tenant` `create-invalid-host`, `user`
 * `create-missing-and-invalid`, `account` `name-65-chars`); any other shape
 * is ABP's own message, localized by the backend, and shown as it came.
 */
export type ValidationRule =
  | { rule: 'required' }
  | { rule: 'length'; min?: number; max?: number }
  | { rule: 'pattern'; pattern: string }
  | { rule: 'email' }
  | { rule: 'range'; min: string; max: string }
  /** Model binding could not read the request's body (JSON syntax, an empty body): nothing a person typed. */
  | { rule: 'unreadable' };

const SHAPES: Array<[RegExp, (match: RegExpMatchArray) => ValidationRule]> = [
  [/^The \S+ field is required\.?$/, () => ({ rule: 'required' })],
  [
    /^The field \S+ must be a string with a minimum length of (\d+) and a maximum length of (\d+)\.?$/,
    (m) => ({ rule: 'length', min: Number(m[1]), max: Number(m[2]) }),
  ],
  [/^The field \S+ must be a string with a maximum length of (\d+)\.?$/, (m) => ({ rule: 'length', max: Number(m[1]) })],
  [/^The field \S+ must be a string or array type with a maximum length of '(\d+)'\.?$/, (m) => ({ rule: 'length', max: Number(m[1]) })],
  [/^The field \S+ must be a string or array type with a minimum length of '(\d+)'\.?$/, (m) => ({ rule: 'length', min: Number(m[1]) })],
  [/^The field \S+ must match the regular expression '(.*)'\.?$/s, (m) => ({ rule: 'pattern', pattern: m[1] ?? '' })],
  [/^The \S+ field is not a valid e-mail address\.?$/, () => ({ rule: 'email' })],
  [/^The field \S+ must be between (\S+) and (\S+)\.?$/, (m) => ({ rule: 'range', min: m[1] ?? '', max: m[2] ?? '' })],
  [/^A non-empty request body is required\.?$/, () => ({ rule: 'unreadable' })],
  [/Path: \$.*LineNumber: \d+/s, () => ({ rule: 'unreadable' })],
];

/** The rule a DataAnnotations message states, or undefined for a message of ABP's own. */
export function validationRuleOf(message: string): ValidationRule | undefined {
  for (const [shape, rule] of SHAPES) {
    const match = shape.exec(message.trim());
    if (match) return rule(match);
  }
  return undefined;
}

/** Patterns the app's backend uses, said as a person reads them; any other pattern gets a general sentence. */
export const PATTERNS: Record<string, MessageDescriptor> = {
  // AbpTenantBase.TenancyNameRegex
  '^[a-zA-Z][a-zA-Z0-9_-]{1,}$': msg`Begin met een letter en gebruik daarna alleen letters, cijfers, - of _ (minstens 2 tekens, geen spaties).`,
};

/** The fields of ABP's DTOs that the app's forms send, by the member name ABP reports (camel case). */
const FIELD_LABELS: Record<string, MessageDescriptor> = {
  name: msg`Naam`,
  surname: msg`Achternaam`,
  username: msg`Gebruikersnaam`,
  emailaddress: msg`E-mailadres`,
  displayname: msg`Naam zoals collega's hem zien`,
  description: msg`Omschrijving`,
  tenancyname: msg`Korte naam`,
  adminemailaddress: msg`E-mailadres van de beheerder`,
  languagename: msg`Taal`,
};

/** What a rule asks of the field it stands next to: the field needs no naming there. */
function ruleWords(i18n: I18n, rule: ValidationRule): string {
  switch (rule.rule) {
    case 'required':
      return i18n._(msg`Vul dit veld in.`);
    case 'length': {
      const { min, max } = rule;
      if (min !== undefined && max !== undefined) return i18n._(msg`Gebruik ${min} tot ${max} tekens.`);
      if (max !== undefined) return i18n._(msg`Gebruik hoogstens ${max} tekens.`);
      const least = min ?? 0;
      return i18n._(msg`Gebruik minstens ${least} tekens.`);
    }
    case 'pattern': {
      const known = PATTERNS[rule.pattern];
      return i18n._(known ?? msg`Dit heeft niet de vorm die hier hoort. Kijk naar de uitleg bij het veld.`);
    }
    case 'email':
      return i18n._(msg`Vul een geldig e-mailadres in, zoals naam@bedrijf.nl.`);
    case 'range': {
      const { min, max } = rule;
      return i18n._(msg`Kies een waarde van ${min} tot ${max}.`);
    }
    case 'unreadable':
      return i18n._(
        msg`De server kon het verzoek niet lezen. Probeer het opnieuw; blijft het gebeuren, neem dan contact op met de beheerder.`,
      );
  }
}

/**
 * A validation message in the app's words. `atField`: it stands next to the
 * field it is about, so it does not name it; otherwise it leads with the
 * field's name (or the member as ABP named it, for a field the app does not
 * know). A message of ABP's own comes back unchanged.
 */
export function validationWords(i18n: I18n, message: string, member: string | undefined, atField: boolean): string {
  const rule = validationRuleOf(message);
  if (!rule) return message;
  const words = ruleWords(i18n, rule);
  if (atField || rule.rule === 'unreadable' || !member) return words;
  const last = member.split('.').at(-1) ?? member;
  const known = FIELD_LABELS[last.toLowerCase()];
  const field = known ? i18n._(known) : last;
  return i18n._(msg`${field}: ${words}`);
}
