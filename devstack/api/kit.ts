import type { Context } from 'hono';
import type { EndpointName } from './endpoints.ts';
import type { Field } from './input.ts';
import type { ApiEnv } from './middleware.ts';
import { page, readId, readListQuery, sortRows, type ListQuery, type Sortable } from './query.ts';
import type { ApiRoleDirectory } from './roles.ts';
import type { ApiTenantDirectory } from './tenants.ts';
import type { ApiUserDirectory } from './users.ts';
import type { AbpValidationError } from './envelope.ts';
import { localize, type LanguageName, type SourceName } from './localization.ts';

// What the application services of the stand-in share: ABP's answers
// (success, its error kinds) and the backend's data, so each service file
// (user-service.ts, role-service.ts, tenant-service.ts) reads
// like the template's service it stands in for.

export type Handler = (c: Context<ApiEnv>) => Response | Promise<Response>;
export type Handlers = Partial<Record<EndpointName, Handler>>;

export interface ApiKit {
  users: ApiUserDirectory;
  roles: ApiRoleDirectory;
  tenants: ApiTenantDirectory;
  /** `result` in ABP's success envelope. */
  ok(c: Context<ApiEnv>, result: unknown): Response;
  /** An unhandled exception (AbpException, a null reference): the generic 500 without details. */
  internalError(c: Context<ApiEnv>): Response;
  /** ABP's validation 400 with its members. */
  invalid(c: Context<ApiEnv>, errors: AbpValidationError[]): Response;
  /** EntityNotFoundException: 404 "Er is geen entiteit User met id = 8!". */
  notFound(c: Context<ApiEnv>, entity: 'User' | 'Tenant', id: number): Response;
  /** A UserFriendlyException: 500 with the text as message and details (null when none), in the request's language. */
  userFriendly(c: Context<ApiEnv>, source: SourceName, key: string, args?: string[], details?: string | null): Response;
  /** A UserFriendlyException the service throws with a fixed text, not localised (the same in every language). */
  userFriendlyText(c: Context<ApiEnv>, message: string): Response;
  language(c: Context<ApiEnv>): LanguageName;
  /** The request's tenant id (null: the host): ABP's data filter for users and roles. */
  tenantId(c: Context<ApiEnv>): number | null;
  /** A [FromBody] DTO, or the answer ABP gives for a body it cannot bind or validate. */
  body(c: Context<ApiEnv>, fields: readonly Field[]): Promise<Record<string, unknown> | Response>;
}

/**
 * A crud service's GetAll: the rows its filters keep for the query, sorted
 * by `Sorting` or the service's default, one page of them as DTOs; ABP's 400
 * for a query value that does not bind.
 */
export function pagedList<T>(
  kit: ApiKit,
  c: Context<ApiEnv>,
  list: { rows: (query: ListQuery) => T[]; sorting: string; fields: Record<string, (row: T) => Sortable>; dto: (row: T) => unknown },
): Response {
  const read = readListQuery(c.req.url);
  if (!read.ok) return kit.invalid(c, read.errors);
  const query = read.value;
  return kit.ok(c, page(sortRows(list.rows(query), query.sorting ?? list.sorting, list.fields), query, list.dto));
}

/** The answer for `Id` from the query (Get, Delete), or ABP's 400 for one that is no number. */
export function withQueryId(kit: ApiKit, c: Context<ApiEnv>, answer: (id: number) => Response): Response {
  const read = readId(c.req.url);
  return read.ok ? answer(read.value) : kit.invalid(c, read.errors);
}

/** A localised text in the request's language. */
export function text(kit: ApiKit, c: Context<ApiEnv>, source: SourceName, key: string, ...args: string[]): string {
  return localize(kit.language(c), source, key, ...args);
}
