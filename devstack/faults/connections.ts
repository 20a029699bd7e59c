import type { Server, Socket } from 'node:net';
import { closeConnections } from '../listen.ts';

// The whole stack out of reach at once, as a device without a network sees
// it: for a browser whose driver cannot take it offline (WebKit's classic
// WebDriver), the servers drop every connection instead. The browser still
// believes it is online (navigator.onLine stays true); every request it makes,
// its service worker's included, fails as a network error. Test mode only.

export interface ConnectionSwitch {
  /** From now on the provider, the API and the app server drop every connection, those kept alive included. */
  drop(): void;
  /** They answer again. */
  restore(): void;
  readonly dropping: boolean;
  /** Adds a server of the stack (before it listens). */
  watch(server: Server): void;
}

export function createConnectionSwitch(enabled: boolean): ConnectionSwitch {
  const servers: Server[] = [];
  let dropping = false;
  return {
    get dropping() {
      return dropping;
    },
    drop() {
      if (!enabled) throw new Error('The connection switch is only available when the stack runs with testMode: true.');
      dropping = true;
      for (const server of servers) closeConnections(server);
    },
    restore() {
      dropping = false;
    },
    watch(server) {
      servers.push(server);
      server.on('connection', (socket: Socket) => {
        if (dropping) socket.destroy();
      });
    },
  };
}
