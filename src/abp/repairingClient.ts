import type { AbpClient } from './client.ts';
import { AbpError } from './errors.ts';

/**
 * A client whose requests survive a token the server refused in the middle
 * of the work: on a 401 for a request that carried a token, `repair` runs
 * (renewal, or signing in again in a popup); when it resolves true the
 * request is sent once more, never a third time.
 */
export function repairingClient(client: AbpClient, hasToken: () => boolean, repair: () => Promise<boolean>): AbpClient {
  const call = async <T>(send: () => Promise<T>): Promise<T> => {
    const hadToken = hasToken();
    try {
      return await send();
    } catch (error) {
      const refused = error instanceof AbpError && error.kind === 'unauthorized' && hadToken;
      if (!refused || !(await repair())) throw error;
      return send();
    }
  };
  return {
    get: (path, options) => call(() => client.get(path, options)),
    post: (path, body, options) => call(() => client.post(path, body, options)),
    put: (path, body) => call(() => client.put(path, body)),
    delete: (path) => call(() => client.delete(path)),
  };
}
