import type { AbpClient } from './client.ts';
import * as ENDPOINTS from '../endpoints/adminEndpoints.ts';

/** ASP.NET Zero's answer to `Account/BackToImpersonator`: a one-time token for the impersonator's own account. */
export interface BackToImpersonatorOutput {
  impersonationToken: string;
  tenancyName: string | null;
}

/** `TokenAuth/ImpersonatedAuthenticate`'s answer: the impersonator's backend token. */
export interface ImpersonatedAuthenticateResult {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
}

/**
 * The way back from acting as someone else, as ASP.NET Zero does it: a
 * one-time token for the impersonator, then a sign-in with it. A backend
 * without these endpoints answers 404 (ASP.NET Core's, not an envelope).
 */
export async function backToImpersonator(client: AbpClient): Promise<ImpersonatedAuthenticateResult> {
  const { impersonationToken } = await client.post<BackToImpersonatorOutput>(ENDPOINTS.BackToImpersonator.path, {});
  return client.post<ImpersonatedAuthenticateResult>(
    `${ENDPOINTS.ImpersonatedAuthenticate.path}?impersonationToken=${encodeURIComponent(impersonationToken)}`,
    {},
  );
}
