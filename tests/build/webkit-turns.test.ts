import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Capabilities, WebDriver } from 'selenium-webdriver';
import { Executor } from 'selenium-webdriver/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DriverLost, TellingClient, Turns } from '../browser/support/engines/turns.ts';
import { PRESENT_MS } from '../support/limits.ts';

// The WebKit driver's turns (tests/browser/support/engines/turns.ts) against a
// WebDriver server that answers as a driver does until one command, which it
// takes and never answers: as WebKitWebDriver did once in a whole run, where the
// case then waited out its own limit and its cleanup queued behind it.

const SESSION = 'a-session-id';

describe("the WebKit driver's turns, a command its driver never answers", () => {
  const commands: string[] = [];
  const unanswered: ServerResponse[] = [];
  const server = createServer((request, response) => {
    commands.push(`${request.method} ${request.url}`);
    const answer = (value: unknown) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value }));
    if (request.method === 'POST' && request.url === '/session')
      return answer({ sessionId: SESSION, capabilities: { browserName: 'MiniBrowser' } });
    if (request.url === `/session/${SESSION}/title`) return answer('Welkom');
    // A navigation: taken, never answered.
    unanswered.push(response);
  });
  let driver: WebDriver;
  let client: TellingClient;

  beforeAll(async () => {
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    client = new TellingClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    driver = WebDriver.createSession(new Executor(client), new Capabilities({ browserName: 'MiniBrowser' }));
    await driver.getSession();
  });
  afterAll(async () => {
    for (const response of unanswered) response.destroy();
    await new Promise((closed) => server.close(closed));
  });

  it('fails that turn naming the command, without the session or the address, and every turn after it at once', async () => {
    const turns = new Turns(driver, () => client.sent, PRESENT_MS);
    await expect(turns.run((session) => session.getTitle())).resolves.toBe('Welkom');

    const navigation = turns.run((session) => session.get('https://app.test/app/callback?code=kept-out-of-logs'));
    const queued = turns.run((session) => session.getTitle());
    const failure = await navigation.catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(DriverLost);
    expect((failure as Error).message).toBe(
      `the driver did not answer POST /url within ${PRESENT_MS} ms; its session takes no more commands`,
    );
    await expect(queued).rejects.toBe(failure);
    await expect(turns.run((session) => session.getTitle())).rejects.toBe(failure);
    expect(turns.lost).toBe(failure);
    // The driver was sent nothing after the command it did not answer.
    expect(commands.at(-1)).toBe(`POST /session/${SESSION}/url`);
  });
});
