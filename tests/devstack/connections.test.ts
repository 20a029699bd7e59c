import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack as startStackOnFreePorts } from '../../devstack/test-stack.ts';
import { startTestStack, type TestStack } from './helpers/test-stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(() => stack.stop());

/** The status of a GET, or the network error's name when there was no answer. */
async function answer(url: string): Promise<number | string> {
  try {
    return (await fetch(url)).status;
  } catch (error) {
    return (error as Error).name;
  }
}

describe('the connection switch', () => {
  it('drops every connection to the provider, the API and the app server until restored, kept-alive ones included', async () => {
    const addresses = [
      `${stack.urls.issuer}/.well-known/openid-configuration`,
      `${stack.urls.api}/AbpUserConfiguration/GetAll`,
      `${stack.urls.app}/index.html`,
    ];
    // Opened and kept alive before the cut.
    expect(await Promise.all(addresses.map(answer))).toEqual([200, 200, 200]);

    stack.connections.drop();
    expect(stack.connections.dropping).toBe(true);
    expect(await Promise.all(addresses.map(answer))).toEqual(['TypeError', 'TypeError', 'TypeError']);

    stack.connections.restore();
    expect(await Promise.all(addresses.map(answer))).toEqual([200, 200, 200]);
  });

  it('is refused outside test mode', async () => {
    const plain = await startStackOnFreePorts({ testMode: false, serveApp: false });
    try {
      expect(() => plain.connections.drop()).toThrow(/testMode/);
    } finally {
      await plain.stop();
    }
  });
});
