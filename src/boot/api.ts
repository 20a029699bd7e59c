import type { AbpClient } from '../abp/client.ts';
import { workClientFor } from '../config/workClient.ts';
import { currentConfig } from './bootActor.ts';

/**
 * The backend, for a screen: `api().get('api/services/app/…')`. ABP's
 * headers, envelopes unwrapped, failures as `AbpError` (show them with
 * `describeError` or a form's `useAbpForm`), a refused token repaired and
 * the request repeated once.
 */
export function api(): AbpClient {
  return workClientFor(currentConfig());
}
