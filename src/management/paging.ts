/** ABP's `PagedResultDto`: one page of a list and how many there are in all. */
export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

/** ABP's `ListResultDto`. */
export interface ListResult<T> {
  items: T[];
}

/**
 * A query string in ABP's binding (`Keyword=mon&IsActive=false&SkipCount=20`),
 * leaving out what is not set. ASP.NET binds the names without regard to case.
 */
export function query(path: string, parameters: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
