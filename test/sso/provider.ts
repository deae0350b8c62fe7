/**
 * A real OpenID provider for the tests (`oidc-provider`, its development interactions): one
 * confidential client whose redirect URI is the harness's callback, people by login with their
 * claims, and a browser-like walk through its login and consent forms (cookies kept by hand).
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface Person {
  email: string;
  email_verified: boolean;
  groups: string[];
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in, by login (the login typed in the provider's form). */
  people: Map<string, Person>;
  close(): Promise<void>;
}

export async function startProvider(redirectUri: string): Promise<TestProvider> {
  const people = new Map<string, Person>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'tidings',
        client_secret: 'tidings-secret-for-tests',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, sub: string) {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
  });
  (provider as unknown as { on(e: string, f: (ctx: unknown, err: Error) => void): void }).on(
    'server_error',
    (_ctx, err) => console.error('PROVIDER', err),
  );
  server.on('request', provider.callback());
  return {
    issuer,
    clientId: 'tidings',
    clientSecret: 'tidings-secret-for-tests',
    people,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks a browser through the provider from its authorization URL: the login form (as `login`),
 * then the consent form, until the provider sends it to `redirectUri`.
 * @returns that URL (with `code`, `state`, `iss`).
 */
export async function signInAtProvider(authorizationUrl: string, redirectUri: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | null = null;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = null;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(redirectUri)) return next;
      url = next;
      await res.arrayBuffer();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html);
    if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action[1]!.replaceAll('&amp;', '&'), url).href;
    form = new URLSearchParams();
    for (const [input] of html.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]+)"/.exec(input)?.[1];
      if (name) form.set(name, /value="([^"]*)"/.exec(input)?.[1] ?? '');
    }
    if (form.has('login')) form.set('login', login);
    if (form.has('password')) form.set('password', 'any');
  }
  throw new Error('the provider never sent the browser back');
}
