import { format, startOfWeek as startOfWeekFns } from 'date-fns';

/** The product's one date pattern: 21-11-2026. */
export const DATE_PATTERN = 'dd-MM-y';
/** Weeks start on Monday (date-fns: 0 is Sunday). */
export const WEEK_STARTS_ON = 1;
export const CURRENCY = 'EUR';
export const NUMBER_LOCALE = 'nl-NL';

const currencyFormat = new Intl.NumberFormat(NUMBER_LOCALE, { style: 'currency', currency: CURRENCY });

/** A date as dd-MM-y, the same in every language. */
export function formatDate(date: Date): string {
  return format(date, DATE_PATTERN);
}

/** An amount in euros the Dutch way: € 1.234,56. */
export function formatCurrency(amount: number): string {
  return currencyFormat.format(amount);
}

/** The Monday that starts the week of `date`. */
export function startOfWeek(date: Date): Date {
  return startOfWeekFns(date, { weekStartsOn: WEEK_STARTS_ON });
}
