import { isNotFound } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { readUserConfiguration } from '../../src/abp/userConfiguration.ts';
import type { RouterContext } from '../../src/routes/context.ts';
import { NoAccessError } from '../../src/routes/noAccessError.ts';
import { openSection } from '../../src/routes/sectionAccess.lazy.ts';

/** The section route's answer for an address, once the app's list is in. */

function context(granted: string[]): Pick<RouterContext, 'session' | 'userConfiguration'> {
  const configuration = readUserConfiguration({
    session: { userId: 1, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
    localization: { currentLanguage: { name: 'nl', displayName: 'Nederlands' }, languages: [], values: {} },
    features: { allFeatures: {} },
    auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((name) => [name, 'true'])) },
    nav: { menus: {} },
    setting: { values: {} },
    clock: { provider: 'utcClockProvider' },
  });
  return { session: () => undefined, userConfiguration: () => configuration };
}

function answer(key: string, granted: string[]): unknown {
  try {
    return openSection(context(granted), key).key;
  } catch (error) {
    return error;
  }
}

describe('a section’s address', () => {
  it('opens the section for whoever holds its permission, in any case of the address', () => {
    expect(answer('verkoop', ['Pages.Verkoop'])).toBe('verkoop');
    expect(answer('Verkoop', ['Pages.Verkoop'])).toBe('verkoop');
  });

  it('answers "Geen toegang" to whoever does not', () => {
    expect(answer('verkoop', ['Pages.Crm'])).toBeInstanceOf(NoAccessError);
  });

  it.each(['bestaat-niet', 'users', 'constructor', '__proto__'])(
    'answers "Pagina niet gevonden" for %s, whatever the person holds',
    (key) => {
      expect(isNotFound(answer(key, ['Pages.Verkoop', 'Pages.Users']))).toBe(true);
    },
  );
});
