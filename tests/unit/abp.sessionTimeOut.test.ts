import { describe, expect, it } from 'vitest';
import { sessionTimeOutOf } from '../../src/abp/sessionTimeOut.ts';
import type { UserConfiguration } from '../../src/abp/userConfiguration.ts';

function withSettings(values: Record<string, string>): UserConfiguration {
  return { setting: { values } } as UserConfiguration;
}

describe('the session time-out settings', () => {
  it('is off unless the server turns it on', () => {
    expect(sessionTimeOutOf(undefined)).toBeUndefined();
    expect(sessionTimeOutOf(withSettings({}))).toBeUndefined();
    expect(
      sessionTimeOutOf(
        withSettings({ 'App.UserManagement.SessionTimeOut.IsEnabled': 'false', 'App.UserManagement.SessionTimeOut.TimeOutSecond': '60' }),
      ),
    ).toBeUndefined();
  });

  it('reads the seconds the server sets', () => {
    const values = {
      'App.UserManagement.SessionTimeOut.IsEnabled': 'True',
      'App.UserManagement.SessionTimeOut.TimeOutSecond': '600',
      'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '45',
    };
    expect(sessionTimeOutOf(withSettings(values))).toEqual({ timeoutMs: 600_000, warningMs: 45_000 });
  });

  it('takes a quarter of an hour and a minute where the numbers are missing or unreadable', () => {
    expect(sessionTimeOutOf(withSettings({ 'App.UserManagement.SessionTimeOut.IsEnabled': 'true' }))).toEqual({
      timeoutMs: 900_000,
      warningMs: 60_000,
    });
    const odd = {
      'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
      'App.UserManagement.SessionTimeOut.TimeOutSecond': 'lang',
      'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '-5',
    };
    expect(sessionTimeOutOf(withSettings(odd))).toEqual({ timeoutMs: 900_000, warningMs: 60_000 });
  });

  it('never warns for longer than half the time-out', () => {
    const values = {
      'App.UserManagement.SessionTimeOut.IsEnabled': 'true',
      'App.UserManagement.SessionTimeOut.TimeOutSecond': '30',
      'App.UserManagement.SessionTimeOut.ShowTimeOutNotificationSecond': '60',
    };
    expect(sessionTimeOutOf(withSettings(values))).toEqual({ timeoutMs: 30_000, warningMs: 15_000 });
  });
});
