import * as oidc from 'openid-client';
import type { Config } from '../../platform/config.ts';

export interface GoogleProfile {
  sub: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/** What the browser carries between the redirect and the callback (in a signed, short-lived cookie). */
export interface OidcTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleOidc {
  redirectUri: string;
  start(): Promise<{ url: string; transaction: OidcTransaction }>;
  finish(callbackUrl: URL, transaction: OidcTransaction): Promise<GoogleProfile>;
}

/**
 * Google sign-in as an OpenID Connect relying party: authorization code flow with state, nonce
 * and PKCE (S256). The issuer's metadata is discovered on first use and kept; a failed discovery
 * is retried on the next sign-in. Plain-HTTP issuers are accepted only outside production
 * (the test suite's own OIDC provider).
 */
export function createGoogleOidc(config: Config): GoogleOidc | undefined {
  const clientId = config.GOOGLE_CLIENT_ID;
  const clientSecret = config.GOOGLE_CLIENT_SECRET;
  if (!clientId || !clientSecret) return undefined;
  const issuer = new URL(config.GOOGLE_ISSUER);
  const allowHttp = issuer.protocol === 'http:' && !config.isProduction;
  const redirectUri = `${config.PUBLIC_URL}/api/auth/google/callback`;

  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(issuer, clientId, clientSecret, undefined, {
        execute: allowHttp ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    redirectUri,
    async start() {
      const transaction: OidcTransaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, transaction };
    },
    async finish(callbackUrl, transaction) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The identity provider returned no ID token');
      return {
        sub: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
        picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };
}
