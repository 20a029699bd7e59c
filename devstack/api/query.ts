import type { AbpValidationError } from './envelope.ts';

// Reading a GET or DELETE input from the query string as ASP.NET Core binds
// it (names without regard to case) and ABP's crud services use it: paging
// (`PagedResultRequestDto`), `Keyword`, `IsActive`, `Sorting` and `Id`.

const INT_MAX = 2_147_483_647;

/** A query value by its name in any case; the first one when it repeats. */
export function queryValue(url: string, name: string): string | undefined {
  for (const [key, value] of new URL(url).searchParams) if (key.toLowerCase() === name.toLowerCase()) return value;
  return undefined;
}

export type Read<T> = { ok: true; value: T } | { ok: false; errors: AbpValidationError[] };

/** ABP names members in camel case. */
const member = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
/** ASP.NET Core's model binding message for a value that is no number or boolean. */
const notValid = (value: string, name: string): AbpValidationError => ({
  message: `The value '${value}' is not valid for ${name}.`,
  members: [member(name)],
});

function readInteger(url: string, name: string, fallback: number): number | AbpValidationError {
  const raw = queryValue(url, name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  return /^[-+]?\d+$/.test(raw) && Math.abs(Number(raw)) <= INT_MAX ? Number(raw) : notValid(raw, name);
}

/** `Id` of an `EntityDto` in the query; 0 (found by nothing) when absent, as ASP.NET binds it. */
export function readId(url: string): Read<number> {
  const id = readInteger(url, 'Id', 0);
  return typeof id === 'number' ? { ok: true, value: id } : { ok: false, errors: [id] };
}

export interface ListQuery {
  skipCount: number;
  maxResultCount: number;
  /** Trimmed; undefined when empty or only white space. */
  keyword: string | undefined;
  isActive: boolean | undefined;
  sorting: string | undefined;
}

/** `PagedResultRequestDto` (MaxResultCount 10 unless given, [Range(1, int.MaxValue)]; SkipCount [Range(0, int.MaxValue)]) with the template's filters. */
export function readListQuery(url: string): Read<ListQuery> {
  const errors: AbpValidationError[] = [];
  const skip = readInteger(url, 'SkipCount', 0);
  const max = readInteger(url, 'MaxResultCount', 10);
  const rawActive = queryValue(url, 'IsActive')?.trim();
  let isActive: boolean | undefined;
  if (rawActive && /^(true|false)$/i.test(rawActive)) isActive = rawActive.toLowerCase() === 'true';
  else if (rawActive) errors.push(notValid(rawActive, 'IsActive'));
  for (const read of [skip, max]) if (typeof read !== 'number') errors.push(read);
  if (typeof skip === 'number' && skip < 0)
    errors.push({ message: `The field SkipCount must be between 0 and ${INT_MAX}.`, members: [member('SkipCount')] });
  if (typeof max === 'number' && max < 1)
    errors.push({ message: `The field MaxResultCount must be between 1 and ${INT_MAX}.`, members: [member('MaxResultCount')] });
  if (errors.length) return { ok: false, errors };
  const keyword = queryValue(url, 'Keyword')?.trim() || undefined;
  const sorting = queryValue(url, 'Sorting')?.trim() || undefined;
  return { ok: true, value: { skipCount: skip as number, maxResultCount: max as number, keyword, isActive, sorting } };
}

/**
 * The template's keyword filter, `x.Field.Contains(keyword)`, as the recorded
 * host ran it: case-sensitive (SQLite; role.json `getall-keyword-lowercase`).
 * A null field matches nothing.
 */
export function containsKeyword(keyword: string | undefined, ...fields: Array<string | null>): boolean {
  return keyword === undefined || fields.some((field) => field !== null && field.includes(keyword));
}

export type Sortable = string | number | boolean | null;

/** Thrown for a `Sorting` that names no property: Dynamic LINQ's parse error, which ABP answers as an unhandled 500. */
export class UnknownSortingError extends Error {}

/**
 * Rows ordered as `query.OrderBy(sorting)` of System.Linq.Dynamic orders
 * them: `Name`, `Name desc`, `UserName,EmailAddress`; property names without
 * regard to case; strings by ordinal comparison, as the recorded (SQLite)
 * host's BINARY collation does.
 */
export function sortRows<T>(rows: readonly T[], sorting: string, fields: Record<string, (row: T) => Sortable>): T[] {
  const known = new Map(Object.entries(fields).map(([name, read]) => [name.toLowerCase(), read]));
  const keys = sorting.split(',').map((part) => {
    const [name = '', direction = 'asc', ...rest] = part.trim().split(/\s+/);
    const read = known.get(name.toLowerCase());
    if (!read || rest.length || !/^(asc|ascending|desc|descending)$/i.test(direction))
      throw new UnknownSortingError(`Sorting "${sorting}"`);
    return { read, sign: /^desc/i.test(direction) ? -1 : 1 };
  });
  const compare = (a: Sortable, b: Sortable) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [...rows].sort((x, y) => {
    for (const { read, sign } of keys) {
      const order = compare(read(x), read(y));
      if (order !== 0) return order * sign;
    }
    return 0;
  });
}

/** One page of `rows` in ABP's `PagedResultDto` shape. */
export function page<T, R>(rows: readonly T[], query: ListQuery, toDto: (row: T) => R): { totalCount: number; items: R[] } {
  return { totalCount: rows.length, items: rows.slice(query.skipCount, query.skipCount + query.maxResultCount).map(toDto) };
}
