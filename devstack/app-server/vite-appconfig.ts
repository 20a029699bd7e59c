import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import { APPCONFIG_PATHS, type AppConfig } from '../appconfig.ts';
import { resolveFault, writeResponse } from '../faults/response.ts';
import type { FaultRegistry } from '../faults/registry.ts';

// Under `npm run dev` Vite serves the app; this makes it answer the app's
// configuration file with the same generated content the static server
// gives, fault switches included.

type Next = (error?: unknown) => void;

export function appConfigMiddleware(appConfig: AppConfig, faults: FaultRegistry) {
  return (req: IncomingMessage, res: ServerResponse, next: Next): void => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'GET' || !APPCONFIG_PATHS.includes(path)) {
      next();
      return;
    }
    resolveFault(faults.take('appconfig'), 'abp')
      .then(async (outcome) => {
        if (outcome.kind === 'reset') {
          req.socket.destroy();
          return;
        }
        const response = outcome.kind === 'respond' ? outcome.response : Response.json(appConfig);
        await writeResponse(res, response, { 'Cache-Control': 'no-store' });
      })
      .catch(next);
  };
}

export function appConfigPlugin(appConfig: AppConfig, faults: FaultRegistry): Plugin {
  return {
    name: 'devstack-appconfig',
    configureServer(server) {
      // Added before Vite's own middlewares, so a file in public/ cannot win.
      server.middlewares.use(appConfigMiddleware(appConfig, faults));
    },
  };
}
