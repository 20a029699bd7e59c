import type { AbpClient } from './client.ts';

export function changeLanguage(client: AbpClient, languageName: string): Promise<void> {
  return client.post<void>('api/services/app/User/ChangeLanguage', { languageName });
}
