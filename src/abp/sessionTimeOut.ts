import type { UserConfiguration } from './userConfiguration.ts';

/** ABP's session time-out settings (module-zero-core-template's names), as the app uses them. */
export interface SessionTimeOut {
  /** Sign out after this long without activity in any tab. */
  timeoutMs: number;
  /** Warn this long before, with a countdown. */
  warningMs: number;
}

const SETTING = 'App.UserManagement.SessionTimeOut';
/** A working day in an office: a quarter of an hour away, and a minute to say "I'm here". */
export const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
export const DEFAULT_WARNING_SECONDS = 60;

function seconds(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/**
 * The time-out when the server turns it on (`…IsEnabled` is "true"),
 * `undefined` otherwise. Missing or unreadable numbers take the defaults; a
 * warning longer than the time-out is cut to half of it.
 */
export function sessionTimeOutOf(configuration: UserConfiguration | undefined): SessionTimeOut | undefined {
  const values = configuration?.setting.values ?? {};
  if (values[`${SETTING}.IsEnabled`]?.toLowerCase() !== 'true') return undefined;
  const timeout = seconds(values[`${SETTING}.TimeOutSecond`], DEFAULT_TIMEOUT_SECONDS);
  const warning = seconds(values[`${SETTING}.ShowTimeOutNotificationSecond`], DEFAULT_WARNING_SECONDS);
  return { timeoutMs: timeout * 1000, warningMs: Math.min(warning, timeout / 2) * 1000 };
}
