import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePorts } from '../../../devstack/ports.ts';

// Debian's WebKitGTK (Safari's engine, and so every browser on an iPhone),
// driven through WebKitWebDriver over classic WebDriver (W3C WebDriver, plain
// HTTP and JSON: nothing to install but the Debian package). WebKitWebDriver
// starts its MiniBrowser in automation mode, which keeps no data between
// sessions, and it needs a display: each driver runs under xvfb-run.
//
// One driver serves one session, so each tab is a driver and a session of
// its own: a fresh browser with no cookies or storage, as a tab in a fresh
// context is in the other engines. A second tab of the same browser (shared
// cookies, storage, channels and locks) is a second window of the session.

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/**
 * MiniBrowser's own toolbar (its buttons and address field) keeps its window
 * at least 447 px wide, wider than a phone. GTK reads a user's stylesheet
 * for its widgets from $XDG_CONFIG_HOME/gtk-3.0/gtk.css: without the
 * buttons' and the field's minimum widths and side padding the window goes
 * down to about 305 px. It styles the browser's toolbar only; the page is
 * drawn by WebKit, pixel for pixel as without it.
 */
const NARROW_TOOLBAR = 'entry, button { min-width: 0; padding-left: 0; padding-right: 0; }\n';

/** WebDriver's name for a web element's reference in JSON (W3C WebDriver §12.1). */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

export interface WebDriverElement {
  [ELEMENT_KEY]: string;
}

/** A WebDriver error answer, with its error code (`no such element`, `javascript error`, …). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'WebDriverError';
  }
}

/** One WebKitWebDriver under its own virtual display, with one session. */
export class WebKitSession {
  private constructor(
    private readonly driver: ChildProcess,
    private readonly base: string,
    private readonly config: string,
  ) {}

  /** Starts the driver and a session whose browser takes these languages (Accept-Language). */
  static async start({ languages }: { languages: string }): Promise<WebKitSession> {
    const [port] = (await freePorts(1, '127.0.0.1')) as [number];
    const config = await mkdtemp(join(tmpdir(), 'webkit-gtk-'));
    await mkdir(join(config, 'gtk-3.0'));
    await writeFile(join(config, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR);
    // xvfb-run -a takes a free display; detached, so closing ends the display, the driver and its browser together.
    const driver = spawn('xvfb-run', ['-a', '-s', '-screen 0 1920x1080x24', WEBKIT_DRIVER_PATH, `--port=${port}`, '--host=127.0.0.1'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, LANGUAGE: languages.split(',')[0]!.replace('-', '_'), XDG_CONFIG_HOME: config },
    });
    const session = new WebKitSession(driver, `http://127.0.0.1:${port}`, config);
    try {
      await session.waitUntilReady();
      const created = await session.command<{ sessionId: string }>('POST', '/session', {
        capabilities: {
          alwaysMatch: {
            browserName: 'MiniBrowser',
            'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
          },
        },
      });
      session.id = created.sessionId;
      return session;
    } catch (error) {
      await session.close();
      throw error;
    }
  }

  private id = '';

  private async waitUntilReady(): Promise<void> {
    const end = Date.now() + 20_000;
    for (;;) {
      try {
        const status = await this.command<{ ready: boolean }>('GET', '/status');
        if (status.ready) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > end || this.driver.exitCode !== null) throw new Error(`WebKitWebDriver did not start (${WEBKIT_DRIVER_PATH} under xvfb-run)`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async command<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.base + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new WebDriverError(answer.value.error ?? String(response.status), answer.value.message ?? response.statusText);
    return answer.value;
  }

  /** The last command sent: WebKitWebDriver hangs on a command sent while another one (a navigation) is still running. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The window the session's commands go to now (WebDriver's current top-level browsing context). */
  private current = '';

  /** A command of this session (`/url`, `/element`, …), sent once the one before it has been answered. */
  send<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const sent = this.queue.then(() => this.command<T>(method, `/session/${this.id}${path}`, body));
    this.queue = sent.catch(() => undefined);
    return sent;
  }

  /**
   * A command for one window of the session (a tab, a popup): the session is
   * switched to it first, in the same turn of the queue, so commands of two
   * windows interleave without one landing in the other's window.
   */
  sendTo<T>(window: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const sent = this.queue.then(async () => {
      if (this.current !== window) {
        await this.command('POST', `/session/${this.id}/window`, { handle: window });
        this.current = window;
      }
      return this.command<T>(method, `/session/${this.id}${path}`, body);
    });
    this.queue = sent.catch(() => undefined);
    return sent;
  }

  /** The window the session was started with. */
  async firstWindow(): Promise<string> {
    this.current = await this.send<string>('GET', '/window');
    return this.current;
  }

  /** A new window of the same browser (its cookies, storage, channels and locks), blank (W3C WebDriver §11.5, New Window). */
  async newWindow(from: string): Promise<string> {
    // A window, not a tab: a tab behind another is hidden, and its page's timers would be throttled.
    const made = await this.sendTo<{ handle: string }>(from, 'POST', '/window/new', { type: 'window' });
    return made.handle;
  }

  /** The handles of the session's open windows. */
  windows(): Promise<string[]> {
    return this.send<string[]>('GET', '/window/handles');
  }

  async close(): Promise<void> {
    if (this.id) await this.command('DELETE', `/session/${this.id}`).catch(() => undefined);
    if (this.driver.pid !== undefined && this.driver.exitCode === null) {
      try {
        process.kill(-this.driver.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await rm(this.config, { recursive: true, force: true });
  }
}
