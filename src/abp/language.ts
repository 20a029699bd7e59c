import type { AbpClient } from './client.ts';
import * as ENDPOINTS from '../endpoints/endpointTable.ts';

export function changeLanguage(client: AbpClient, languageName: string): Promise<void> {
  return client.post<void>(ENDPOINTS.ChangeLanguage.path, { languageName });
}
