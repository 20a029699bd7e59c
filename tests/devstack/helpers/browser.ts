// Just enough of a browser for the sign-in pages: a cookie jar and manual
// redirects, so each hop of the OpenID Connect flow can be inspected.

export class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }

  /** Follows redirects until `stop` says so or a page answers; returns the last response and its URL. */
  async follow(
    url: string | URL,
    stop: (location: string) => boolean = () => false,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string }> {
    let current = String(url);
    let response = await this.fetch(current, init);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) break;
      current = new URL(location, current).href;
      if (stop(current)) break;
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Reads the action and fields of the first form in a page. */
export function readForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('no form in page');
  const fields: Record<string, string> = {};
  for (const input of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name] = decodeEntities(value);
  }
  return { action: decodeEntities(form[1] ?? ''), fields };
}

function decodeEntities(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
