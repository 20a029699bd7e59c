import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbpError } from '../../src/abp/errors.ts';
import { loginRefusalOf } from '../../src/abp/loginRefusal.ts';

/** ABP's real answers to ExternalAuthenticate (the project's copy of the recordings, tests/contract/recorded/). */
const recorded: Array<{ name: string; response: { status: number; body: { error?: { message: string } | null } } }> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../contract/recorded/externalauthenticate.json'), 'utf8'),
);

function refusalOf(name: string, texts?: Record<string, Record<string, string>>) {
  const exchange = recorded.find((e) => e.name === name);
  if (!exchange) throw new Error(`no recorded exchange ${name}`);
  const { status, body } = exchange.response;
  return loginRefusalOf(new AbpError('server', status, name, body.error?.message, body.error), texts);
}

describe('why ABP refused a sign-in, read from its real answers', () => {
  it('an inactive user, in Dutch and in English', () => {
    expect(refusalOf('nieuw-inactive-user')).toBe('user-inactive');
    expect(refusalOf('nieuw-inactive-user-en')).toBe('user-inactive');
  });

  it('an inactive environment', () => {
    expect(refusalOf('admin-inactive-tenant-3')).toBe('tenant-inactive');
  });

  it('anything else is not mistaken for either', () => {
    for (const name of [
      'admin-no-tenant-host',
      'wrong-provider-name',
      'providerkey-of-someone-else',
      'forged-provider-token',
      'empty-body',
      'expired-provider-token',
    ]) {
      expect(refusalOf(name), name).toBe('other');
    }
  });

  it('reads the sentence in the backend’s own language from its texts', () => {
    const texts = { AbpProjectName: { UserIsNotActiveAndCanNotLogin: 'Benutzer {0} ist nicht aktiv (und darf nicht anmelden).' } };
    const german = new AbpError('server', 500, 'x', 'Anmeldung fehlgeschlagen!', {
      details: 'Benutzer idp-0003 ist nicht aktiv (und darf nicht anmelden).',
    });
    expect(loginRefusalOf(german)).toBe('other');
    expect(loginRefusalOf(german, texts)).toBe('user-inactive');
  });
});
