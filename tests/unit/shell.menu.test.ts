import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { readUserConfiguration, type UserConfiguration } from '../../src/abp/userConfiguration.ts';
import { serverMenu } from '../../src/abp/menu.ts';
import { knownMenu } from '../../src/sections/menu.lazy.ts';

/**
 * The main menu: the server's `MainMenu` as the start shows it (no list of
 * sections there), and the menu once the app's list is in.
 */

const i18n = setupI18n({ locale: 'nl', messages: { nl: {} } });

function configuration(menu: unknown, granted: string[], features: Record<string, string> = {}): UserConfiguration {
  return readUserConfiguration({
    session: { userId: 1, tenantId: 1, impersonatorUserId: null, impersonatorTenantId: null, multiTenancySide: 1 },
    localization: { currentLanguage: { name: 'nl', displayName: 'Nederlands' }, languages: [], values: {} },
    features: { allFeatures: Object.fromEntries(Object.entries(features).map(([name, value]) => [name, { value }])) },
    auth: { allPermissions: {}, grantedPermissions: Object.fromEntries(granted.map((name) => [name, 'true'])) },
    nav: { menus: menu === undefined ? {} : { MainMenu: menu } },
    setting: { values: {} },
    clock: { provider: 'utcClockProvider' },
  });
}

const item = (name: string, url: unknown, displayName: unknown, order?: number) => ({ name, url, displayName, order });

describe('the server’s menu, before the app’s list is in', () => {
  it('keeps the server’s order and words', () => {
    const menu = { items: [item('Crm', 'crm', 'Klantrelaties', 2), item('Verkoop', '/verkoop/', 'Verkoop', 1)] };
    expect(serverMenu(configuration(menu, []))).toEqual([
      { key: 'verkoop', name: 'Verkoop' },
      { key: 'crm', name: 'Klantrelaties' },
    ]);
  });

  it('reads an item’s url as the section’s address: another page or site is no section; without a url, its name', () => {
    const menu = {
      items: [
        item('HomePage', 'app/home', 'Startpagina'),
        item('Home', '', 'Start'),
        item('Elders', 'https://elders.example/verkoop', 'Elders'),
        item('Diep', '/app/verkoop', 'Diep'),
        item('Marketing', null, 'Marketing'),
        item('Wvb', 'Wvb', ' '),
      ],
    };
    expect(serverMenu(configuration(menu, []))).toEqual([{ key: 'marketing', name: 'Marketing' }, { key: 'wvb' }]);
  });

  it('lists a section once, and says when there is no server menu', () => {
    expect(serverMenu(configuration({ items: [item('Crm', 'crm', 'Een'), item('Crm', 'CRM', 'Twee')] }, []))).toEqual([
      { key: 'crm', name: 'Een' },
    ]);
    expect(serverMenu(configuration(undefined, []))).toBeUndefined();
    expect(serverMenu(configuration({ items: [] }, []))).toBeUndefined();
    expect(serverMenu(configuration({ items: 'verkoop' }, []))).toBeUndefined();
  });
});

describe('the menu once the app’s list is in', () => {
  it('leaves out pages the app does not have and sections the person may not open', () => {
    const menu = {
      items: [item('Users', 'Users', 'Gebruikers'), item('Crm', 'crm', 'Klantrelaties'), item('Verkoop', 'verkoop', 'Verkoop')],
    };
    expect(knownMenu(configuration(menu, ['Pages.Crm', 'Pages.Users']), i18n)).toEqual([{ key: 'crm', name: 'Klantrelaties' }]);
  });

  it('names a section by its own label when the server gives it no name', () => {
    expect(knownMenu(configuration({ items: [item('Crm', 'crm', '')] }, ['Pages.Crm']), i18n)).toEqual([
      { key: 'crm', name: 'Klantrelaties' },
    ]);
  });

  it('without a server menu, shows the app’s sections the person may open, in the app’s order', () => {
    expect(knownMenu(configuration(undefined, ['Pages.Wvb', 'Pages.Verkoop']), i18n)).toEqual([
      { key: 'verkoop', name: 'Verkoop' },
      { key: 'wvb', name: 'Werkvoorbereiding' },
    ]);
  });
});
