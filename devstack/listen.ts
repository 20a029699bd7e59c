import { Server as HttpServer } from 'node:http';
import type { Server, Socket } from 'node:net';

// Starting on a taken port must say which port and how to pick another, not
// just "EADDRINUSE".

export interface ListenTarget {
  /** What runs there, for the message: "API", "identity provider", "app". */
  label: string;
  port: number;
  host: string;
  /** Environment variable that changes this port. */
  envVar: string;
}

/** The open connections of a server that cannot close them itself (the HTTP/2 server of `tls`), kept from `listen` on. */
const sockets = new WeakMap<Server, Set<Socket>>();

/** Ends every connection a server has open, those kept alive included; the server goes on listening. */
export function closeConnections(server: Server): void {
  if (server instanceof HttpServer) server.closeAllConnections();
  else for (const socket of sockets.get(server) ?? []) socket.destroy();
}

export function listen(server: Server, target: ListenTarget): Promise<void> {
  if (!(server instanceof HttpServer)) {
    const open = new Set<Socket>();
    sockets.set(server, open);
    server.on('connection', (socket: Socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    });
  }
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${target.port} on ${target.host} is already in use, so the ${target.label} cannot start. ` +
              `Stop the other process or choose another port with ${target.envVar}=<port>.`,
            { cause: error },
          ),
        );
      } else {
        reject(new Error(`The ${target.label} could not listen on ${target.host}:${target.port}: ${error.message}`, { cause: error }));
      }
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(target.port, target.host);
  });
}

/** Closes a server, dropping kept-alive connections so it does not linger. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    closeConnections(server);
  });
}
