import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, startOfWeek } from '../../src/i18n/formats.ts';
import { catalogLocale } from '../../src/i18n/locales.ts';

describe('formatDate', () => {
  it.each([
    [new Date(2026, 2, 5), '05-03-2026'],
    [new Date(2026, 10, 21), '21-11-2026'],
    [new Date(2026, 0, 1, 23, 59), '01-01-2026'],
    [new Date(2026, 11, 31, 0, 0), '31-12-2026'],
  ])('formats %s as %s', (date, text) => {
    expect(formatDate(date)).toBe(text);
  });
});

describe('startOfWeek', () => {
  it('gives the Monday before a Sunday', () => {
    const monday = startOfWeek(new Date(2026, 10, 22, 15, 30));
    expect(formatDate(monday)).toBe('16-11-2026');
    expect(monday.getDay()).toBe(1);
  });

  it('keeps a Monday and moves it to the start of the day', () => {
    const monday = startOfWeek(new Date(2026, 10, 16, 10, 0));
    expect(monday.getTime()).toBe(new Date(2026, 10, 16, 0, 0, 0, 0).getTime());
  });

  it('gives the Monday of the same week for a Wednesday across a month end', () => {
    expect(formatDate(startOfWeek(new Date(2026, 3, 1)))).toBe('30-03-2026');
  });
});

describe('formatCurrency', () => {
  it('formats an amount the Dutch way with a non-breaking space after the euro sign', () => {
    expect(formatCurrency(1234.56)).toBe('€\u00a01.234,56');
  });

  it('formats a negative amount with the minus after the euro sign', () => {
    expect(formatCurrency(-1234.56)).toBe('€\u00a0-1.234,56');
  });

  it('formats zero with two decimals', () => {
    expect(formatCurrency(0)).toBe('€\u00a00,00');
  });

  it('rounds to cents and groups millions', () => {
    expect(formatCurrency(1_234_567.891)).toBe('€\u00a01.234.567,89');
    expect(formatCurrency(0.5)).toBe('€\u00a00,50');
  });
});

describe('catalogLocale', () => {
  it.each(['en', 'en-US', 'en-GB', 'EN_us'])('uses the English catalog for %j', (name) => {
    expect(catalogLocale(name)).toBe('en');
  });

  it.each(['nl', 'nl-NL', 'nl-BE', 'fr', '', 'eng', 'english'])('uses the Dutch catalog for %j', (name) => {
    expect(catalogLocale(name)).toBe('nl');
  });
});
