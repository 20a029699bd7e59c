import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockFor } from '../../src/abp/clock.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('clockFor', () => {
  it.each([
    ['utc', 'utc'],
    ['utcClockProvider', 'utc'],
    ['local', 'local'],
    ['localClockProvider', 'local'],
    ['unspecified', 'unspecified'],
    ['unspecifiedClockProvider', 'unspecified'],
  ])('picks the provider for %j', (name, provider) => {
    expect(clockFor(name).provider).toBe(provider);
  });

  it.each([[undefined], [''], ['UTC'], ['gmtClockProvider'], ['ClockProvider']])('falls back to unspecified for %j', (name) => {
    expect(clockFor(name).provider).toBe('unspecified');
  });

  it('supports multiple time zones only with the utc provider', () => {
    expect(clockFor('utc').supportsMultipleTimezone).toBe(true);
    expect(clockFor('local').supportsMultipleTimezone).toBe(false);
    expect(clockFor('unspecified').supportsMultipleTimezone).toBe(false);
  });
});

describe('normalize', () => {
  const date = new Date('2026-03-29T01:30:15.250Z');

  it('returns the very same date with the unspecified provider', () => {
    expect(clockFor('unspecified').normalize(date)).toBe(date);
  });

  it('returns a new date at the same moment with the utc provider', () => {
    const normalized = clockFor('utcClockProvider').normalize(date);
    expect(normalized).not.toBe(date);
    expect(normalized.getTime()).toBe(date.getTime());
  });

  it('returns a new date with the same local components with the local provider', () => {
    const normalized = clockFor('localClockProvider').normalize(date);
    expect(normalized).not.toBe(date);
    expect(normalized.getTime()).toBe(date.getTime());
    expect([normalized.getHours(), normalized.getMinutes(), normalized.getSeconds(), normalized.getMilliseconds()]).toEqual([
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
      date.getMilliseconds(),
    ]);
  });

  it('does not change the date it is given', () => {
    const copy = new Date(date.getTime());
    clockFor('utc').normalize(copy);
    clockFor('local').normalize(copy);
    expect(copy.getTime()).toBe(date.getTime());
  });
});

describe('now', () => {
  it.each(['utc', 'local', 'unspecified'])('is the current moment with the %s provider', (name) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:15:00.500Z'));
    expect(clockFor(name).now().getTime()).toBe(Date.UTC(2026, 10, 21, 9, 15, 0, 500));
  });

  it('follows the clock as it moves', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const clock = clockFor('utc');
    vi.setSystemTime(1_000_000);
    const before = clock.now().getTime();
    vi.setSystemTime(1_060_000);
    expect(clock.now().getTime() - before).toBe(60_000);
  });
});
