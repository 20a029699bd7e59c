import type { AbpClient } from './client.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';

export interface ExternalAuthenticateInput {
  authProvider: string;
  providerKey: string;
  providerAccessCode: string;
}

/** `waitingForActivation: true` comes without a token: the account is not active yet. */
export interface ExternalAuthenticateResult {
  accessToken: string | null;
  encryptedAccessToken: string | null;
  expireInSeconds: number;
  waitingForActivation: boolean;
}

export const EXTERNAL_AUTHENTICATE_PATH = ENDPOINTS.ExternalAuthenticate.path;

/**
 * `headers`: a DPoP proof, when the provider's token is bound to a key. Never
 * with a bearer: ABP would take the tenant from it instead of the tenant the
 * person chose (recorded: externalauthenticate.json `admin-header-1-bearer-noord`).
 */
export function externalAuthenticate(
  client: AbpClient,
  input: ExternalAuthenticateInput,
  headers?: Record<string, string>,
): Promise<ExternalAuthenticateResult> {
  return client.post<ExternalAuthenticateResult>(EXTERNAL_AUTHENTICATE_PATH, input, { headers, anonymous: true });
}
