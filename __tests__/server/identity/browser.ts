import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser for flows driven with fetch: keeps cookies (by path), sends Origin
 * on POSTs as browsers do, and follows redirects only within the server, stopping at
 * the app's /login (where the SDK would take over).
 */
export class Browser {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const cookie = [...this.cookies]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    if (init.method === 'POST' && !headers.has('origin')) headers.set('origin', this.origin);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  /** Follows redirects from `url`; returns the last answer and, for the app's /login, its URL. */
  async follow(url: string, init: RequestInit = {}): Promise<{ response: Response; url: URL }> {
    let response = await this.request(url, init);
    let current = new URL(url, this.origin);
    while (response.status >= 300 && response.status < 400) {
      current = new URL(response.headers.get('location') ?? '', current);
      if (current.pathname === '/login' || current.origin !== this.origin) break;
      response = await this.request(current.href);
    }
    return { response, url: current };
  }

  /** Posts a form as a browser does. */
  post(url: string, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expired = attributes.some(
      (a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a),
    );
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The value of a hidden input in a page. */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no hidden field ${name} in page`);
  return match[1];
}
