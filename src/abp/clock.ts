/** ABP's `abp.timing.*ClockProvider`: how dates from and to the server are read. */
export interface Clock {
  provider: 'unspecified' | 'utc' | 'local';
  now(): Date;
  normalize(date: Date): Date;
  supportsMultipleTimezone: boolean;
}

/** Re-expresses the date through its UTC components (abp.js `toUtc`). */
function toUtc(date: Date): Date {
  return new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** Rebuilds the date from its local components (abp.js `toLocal`). */
function toLocal(date: Date): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate(),
    date.getHours(),
    date.getMinutes(),
    date.getSeconds(),
    date.getMilliseconds(),
  );
}

const clocks: Record<Clock['provider'], Clock> = {
  unspecified: { provider: 'unspecified', now: () => new Date(), normalize: (date) => date, supportsMultipleTimezone: false },
  utc: { provider: 'utc', now: () => toUtc(new Date()), normalize: toUtc, supportsMultipleTimezone: true },
  local: { provider: 'local', now: () => toLocal(new Date()), normalize: toLocal, supportsMultipleTimezone: false },
};

/**
 * The clock for a provider name in either spelling, ABP's class name
 * (`utcClockProvider`) or the spec's short one (`utc`); ABP's default,
 * unspecified, for anything else.
 */
export function clockFor(name: string | undefined): Clock {
  const short = (name ?? '').replace(/ClockProvider$/, '');
  return short === 'utc' || short === 'local' ? clocks[short] : clocks.unspecified;
}
