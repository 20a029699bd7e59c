import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { MyAccountError } from '../../src/myaccount/myAccount.ts';
import { challengeError, reauthenticationDemands, RECENT_AUTHENTICATION_CHALLENGE } from '../../src/myaccount/operations.lazy.ts';

// What Okta's 403 insufficient_authentication_context asks of a fresh
// authentication, read from its WWW-Authenticate challenge exactly as named.

describe('the re-authentication challenge', () => {
  it("reads max_age from Okta's challenge as it sends it", () => {
    expect(challengeError(RECENT_AUTHENTICATION_CHALLENGE)).toBe('insufficient_authentication_context');
    expect(reauthenticationDemands(RECENT_AUTHENTICATION_CHALLENGE)).toEqual({ maxAge: 900 });
  });

  it('passes on acr_values and max_age=0, quoted or not', () => {
    const header =
      'Bearer realm="IdpMyAccountAPI", error="insufficient_authentication_context", error_description="The access token requires additional assurance to access the resource", max_age="0", acr_values="urn:okta:loa:2fa:any:ifpossible"';
    expect(reauthenticationDemands(header)).toEqual({ maxAge: 0, acrValues: 'urn:okta:loa:2fa:any:ifpossible' });
    expect(reauthenticationDemands('Bearer error="insufficient_authentication_context", acr_values=urn:okta:loa:1fa:pwd')).toEqual({
      acrValues: 'urn:okta:loa:1fa:pwd',
    });
  });

  it('names nothing it was not asked, and no max_age that is no number of seconds', () => {
    expect(reauthenticationDemands('Bearer error="insufficient_authentication_context"')).toEqual({});
    expect(reauthenticationDemands('Bearer error="insufficient_authentication_context", max_age="soon"')).toEqual({});
    expect(reauthenticationDemands(null)).toEqual({});
    // A parameter's name inside another's value is not the parameter.
    expect(reauthenticationDemands('Bearer error_description="max_age=5 is asked"')).toEqual({});
  });
});

describe('the step-up said to staff', () => {
  const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });
  const said = (reauthentication: { maxAge?: number; acrValues?: string }) =>
    new MyAccountError('recent_authentication', 403, 'You do not have permission', [], { reauthentication }).describe(i18n, []).message;

  it('asks a sign-in of the last 15 minutes where Okta asks max_age=900, and a sign-in again, however recent the last, where it asks max_age=0', () => {
    expect(said({ maxAge: 900 })).toMatch(/recente inlog \(hoogstens 15 minuten geleden\)/);
    expect(said({ maxAge: 0, acrValues: 'urn:okta:loa:2fa:any:ifpossible' })).toMatch(
      /dat je opnieuw inlogt, ook als je net bent ingelogd/,
    );
    expect(said({ maxAge: 0 })).not.toMatch(/15 minuten/);
  });
});
