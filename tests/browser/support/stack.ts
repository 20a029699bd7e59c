import { createServer } from 'node:net';
import { startStack, type Stack, type StackOptions } from '../../../devstack/stack.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, 'localhost', () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** The real local stack (provider, API, static server of dist/) on free ports, fault switches on. */
export async function startTestStack(options: StackOptions = {}): Promise<Stack> {
  const [appPort, idpPort, apiPort] = [await freePort(), await freePort(), await freePort()];
  return startStack({ appPort, idpPort, apiPort, testMode: true, dist: 'dist', ...options });
}
