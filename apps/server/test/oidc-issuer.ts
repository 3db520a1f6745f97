import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface IssuerAccount {
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

export interface OidcIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IssuerAccount>;
  /**
   * Plays the user at the provider: follows the authorization URL, signs in as `subject` on the
   * provider's own login page, consents, and returns the redirect back to the relying party.
   */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) standing in for Google in tests. */
export async function startOidcIssuer(redirectUri: string): Promise<OidcIssuer> {
  const clientId = 'conduit-test-client';
  const clientSecret = 'conduit-test-secret-0123456789abcdef';
  const accounts = new Map<string, IssuerAccount>();
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          picture: account.picture,
        }),
      };
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider error', error));
  server.on('request', provider.callback());

  const cookies = new Map<string, string>();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), rest.join('='));
    }
    return response;
  };
  const submitForm = async (page: string, fields: Record<string, string>) => {
    const action = page.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error('No form on the provider page');
    return request(new URL(action, issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  };

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    async authorize(authorizationUrl, subject) {
      cookies.clear();
      let response = await request(authorizationUrl);
      for (let hop = 0; hop < 20; hop += 1) {
        const location = response.headers.get('location');
        if (!location) throw new Error(`Provider stopped without a redirect (${response.status})`);
        const next = new URL(location, issuer);
        if (next.href.startsWith(redirectUri)) return next;
        if (next.pathname.startsWith('/interaction/')) {
          const page = await (await request(next.href)).text();
          const fields: Record<string, string> = page.includes('name="login"')
            ? { prompt: 'login', login: subject, password: 'any' }
            : { prompt: 'consent' };
          response = await submitForm(page, fields);
        } else {
          response = await request(next.href);
        }
      }
      throw new Error('Too many redirects at the provider');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
