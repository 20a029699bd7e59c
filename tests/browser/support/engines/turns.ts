import { HttpClient, type Request, type Response } from 'selenium-webdriver/http';

/**
 * A command the driver took and never answered. The driver works on one
 * command at a time, so every command queued behind it would wait as long:
 * the session takes no more, and is ended without asking its driver.
 */
export class DriverLost extends Error {
  override readonly name = 'DriverLost';
}

/** A driver's HTTP client that keeps the command it sent last (method and path, the session's id left out), for a failure to name. */
export class TellingClient extends HttpClient {
  sent = 'no command yet';

  override send(request: Request): Promise<Response> {
    // The request's first line: "POST /session/<id>/url HTTP/1.1" (its body, a navigation's address with a code in it, is left out).
    const [method = '', path = ''] = request.toString().split(/\s/, 2);
    this.sent = `${method} ${path.replace(/^\/session\/[^/]+/, '')}`;
    return super.send(request);
  }
}

/**
 * One session's commands, one turn after another (a turn: the commands of
 * one action, such as a switch to a tab's window and a script in it), each
 * turn with a limit. A turn past its limit fails naming the command its
 * driver did not answer, and so does every turn after it, at once: a lost
 * driver fails the step that met it, not the test's whole time, and its
 * session can still be ended.
 */
export class Turns<Driver> {
  /** The last turn queued. */
  private queue: Promise<unknown> = Promise.resolve();
  private lostWith: DriverLost | undefined;

  constructor(
    private readonly driver: Driver,
    /** The command sent last, for the failure's message. */
    private readonly sent: () => string,
    /** How long one turn may take: longer than any one command takes where the page is slow, as a page's load. */
    private readonly limitMs: number,
  ) {}

  /** Why the session takes no more commands, if it does not. */
  get lost(): DriverLost | undefined {
    return this.lostWith;
  }

  /** Runs `work` once the turn before it is done, within the turn's limit. */
  run<T>(work: (driver: Driver) => Promise<T>): Promise<T> {
    const turn = this.queue.then(() => this.limited(work));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async limited<T>(work: (driver: Driver) => Promise<T>): Promise<T> {
    if (this.lostWith) throw this.lostWith;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.lostWith = new DriverLost(
          `the driver did not answer ${this.sent()} within ${this.limitMs} ms; its session takes no more commands`,
        );
        reject(this.lostWith);
      }, this.limitMs);
    });
    try {
      return await Promise.race([work(this.driver), limit]);
    } finally {
      clearTimeout(timer);
    }
  }
}
