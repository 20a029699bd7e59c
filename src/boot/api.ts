import { rootRouteId, useRouteContext } from '@tanstack/react-router';
import type { AbpClient } from '../abp/client.ts';

/**
 * The backend, for a screen: `const api = useApi()`, then
 * `api.get('api/services/app/…')`. ABP's headers, envelopes unwrapped,
 * failures as `AbpError` (show them with `describeError` or a form's
 * `useAbpForm`), a refused token repaired and the request repeated once.
 * The client of the config start-up loaded, which reaches the screen as the
 * router's context (src/routes/context.ts).
 */
export function useApi(): AbpClient {
  return useRouteContext({ from: rootRouteId }).api();
}
