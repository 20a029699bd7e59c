import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TENANT_CLAIM, USER_ID_CLAIM } from '../../devstack/api/backend-token.ts';
import { differences } from './support/compare.ts';

// The contract suite's comparison: it must find what differs, or the
// suite's "N of N agree" would mean nothing.

const token = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setNotBefore(1000)
    .setExpirationTime(1000 + 86_400)
    .sign(new Uint8Array(32));

describe('comparing a stand-in answer with a recording', () => {
  it('names every changed, missing and extra value by its path', () => {
    const recorded = {
      success: false,
      error: { message: 'Inloggen mislukt!', details: null, validationErrors: [{ members: ['tenancyName'] }] },
    };
    const actual = { success: true, error: { message: 'Inloggen mislukt', validationErrors: [{ members: ['TenancyName'] }] }, extra: 1 };
    expect(differences(recorded, actual)).toEqual([
      'extra: not recorded, sent by the stand-in',
      'success: recorded false, stand-in true',
      'error.details: recorded, missing at the stand-in',
      'error.message: recorded "Inloggen mislukt!", stand-in "Inloggen mislukt"',
      'error.validationErrors[0].members[0]: recorded "tenancyName", stand-in "TenancyName"',
    ]);
  });

  it('reads a token placeholder by the claims it names', async () => {
    const right = await token({ [USER_ID_CLAIM]: '2', [TENANT_CLAIM]: '1' });
    expect(differences('<jwt: tenant=1 user=2 exp=+86400>', right)).toEqual([]);
    const other = await token({ [USER_ID_CLAIM]: '3', [TENANT_CLAIM]: '2' });
    expect(differences('<jwt: tenant=1 user=2 exp=+86400>', other)).toEqual([
      '(body): recorded <jwt: tenant=1 user=2 exp=+86400>, stand-in <jwt: tenant=2 user=3 exp=+86400>',
    ]);
    expect(differences('<jwt: tenant=none user=1 exp=+86400>', await token({ [USER_ID_CLAIM]: '1' }))).toEqual([]);
  });

  it('takes any date-time for <datetime>, but not another text', () => {
    expect(differences({ releaseDate: '<datetime>' }, { releaseDate: '2026-11-24T07:43:59.738+00:00' })).toEqual([]);
    expect(differences({ releaseDate: '<datetime>' }, { releaseDate: 'gisteren' })).toHaveLength(1);
  });

  it('leaves out only the paths it is told to skip', () => {
    const recorded = { result: { localization: { values: { a: 'x' }, currentLanguage: { name: 'en' } } } };
    const actual = { result: { localization: { values: { b: 'y' }, currentLanguage: { name: 'en-US' } } } };
    expect(differences(recorded, actual, ['result.localization.values'])).toEqual([
      'result.localization.currentLanguage.name: recorded "en", stand-in "en-US"',
    ]);
  });
});
