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
