import { createServer, type Server } from 'node:net';

// The redirect URI is registered with its port, so a stack cannot let the OS
// pick ports at listen time. Instead ask for free ports up front; holding
// them all open until every one is known keeps them distinct.

export async function freePorts(count: number, host = 'localhost'): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, host, () => resolve());
      });
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port assigned');
      ports.push(address.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}

/** The error, or one it was caused by, says a port was taken. */
function portTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EADDRINUSE') return true;
  }
  return false;
}

/**
 * `start` on `count` free ports. A port found free is closed again before
 * `start` listens on it, and in that moment another process on the machine (a
 * test file beside this one, a browser, its driver) can take it: then `start`
 * is given other free ports, up to `attempts` times in all. `start` must close
 * whatever it opened before it fails.
 */
export async function onFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePorts(count));
    } catch (error) {
      if (attempt >= attempts || !portTaken(error)) throw error;
    }
  }
}
