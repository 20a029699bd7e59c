import type { AbpErrorKind } from '../../../src/abp/errors.ts';
import { authMessages } from '../../../src/errors/authMessages.ts';
import type { AuthErrorKind } from '../../../src/auth/authError.ts';

/** Every identity failure a person can be told about: the kinds with a Dutch sentence. */
export const AUTH_ERROR_KINDS = Object.keys(authMessages) as AuthErrorKind[];

/** Every kind an ABP call can fail with; the record makes the compiler name a kind added to the type but not here. */
const abpKinds: Record<AbpErrorKind, true> = {
  network: true,
  timeout: true,
  unauthorized: true,
  forbidden: true,
  'not-found': true,
  validation: true,
  server: true,
  http: true,
  malformed: true,
  rejected: true,
};

export const ABP_ERROR_KINDS = Object.keys(abpKinds) as AbpErrorKind[];
