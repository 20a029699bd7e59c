import type { AbpClient } from './client.ts';

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

export function externalAuthenticate(client: AbpClient, input: ExternalAuthenticateInput): Promise<ExternalAuthenticateResult> {
  return client.post<ExternalAuthenticateResult>('api/TokenAuth/ExternalAuthenticate', input);
}
