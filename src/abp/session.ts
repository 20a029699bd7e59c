import type { AbpClient } from './client.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';

export interface SessionUser {
  id: number;
  name: string;
  surname: string;
  userName: string;
  emailAddress: string;
}

export interface SessionTenant {
  id: number;
  tenancyName: string;
  name: string;
}

/** The result of `Session/GetCurrentLoginInformations`. */
export interface Session {
  application: { version: string; releaseDate: string; features: Record<string, boolean> };
  user: SessionUser | null;
  tenant: SessionTenant | null;
}

export function getCurrentLoginInformations(client: AbpClient): Promise<Session> {
  return client.get<Session>(ENDPOINTS.Session.path);
}
