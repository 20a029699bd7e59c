import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../devstack/listen.ts';
import { onFreePorts } from '../../devstack/ports.ts';

const servers: Server[] = [];

/** Listens on the port as a stack's server does, with its message when the port is taken. */
async function listenOn(port: number): Promise<Server> {
  const server = createServer();
  await listen(server, { label: 'API', port, host: '127.0.0.1', envVar: 'API_PORT' });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('onFreePorts', () => {
  it('starts again on other free ports when a port it was given was taken before it listened', async () => {
    const given: number[][] = [];
    const port = await onFreePorts(1, async (ports) => {
      given.push(ports);
      // Another process takes the first port found free before the start listens on it.
      if (given.length === 1) await listenOn(ports[0]!);
      await listenOn(ports[0]!);
      return ports[0]!;
    });
    expect(given).toHaveLength(2);
    expect(port).toBe(given[1]![0]);
    expect(port).not.toBe(given[0]![0]);
  });

  it('says which port was taken when it stays taken, after three tries', async () => {
    let tries = 0;
    const taken = await listenOn(0).then((server) => (server.address() as { port: number }).port);
    await expect(
      onFreePorts(1, async () => {
        tries += 1;
        await listenOn(taken);
      }),
    ).rejects.toThrow(`Port ${taken} on 127.0.0.1 is already in use`);
    expect(tries).toBe(3);
  });

  it('does not try again on any other failure', async () => {
    let tries = 0;
    await expect(
      onFreePorts(1, () => {
        tries += 1;
        return Promise.reject(new Error('the provider’s keys are missing'));
      }),
    ).rejects.toThrow('keys are missing');
    expect(tries).toBe(1);
  });
});
