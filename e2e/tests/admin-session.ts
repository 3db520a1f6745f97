import { ERROR_CODES } from '@conduit/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from '../playwright.config.ts';
import { PASSWORD } from './auth-flows.ts';
import { verificationLinkFor } from './outbox.ts';

async function verifyByMail(api: APIRequestContext, email: string, dataDir?: string) {
  const link = await verificationLinkFor(email, dataDir);
  await api.get(`/api${link}`);
}

/**
 * Signs `api` (a page's request context shares the page's cookies) in as the e2e admin
 * (ADMIN_EMAILS), signing the account up and verifying it first if no test has yet. Tests running
 * at the same time may race to create it: whoever loses signs in once the winner has verified it.
 * `dataDir` names the server whose outbox holds the mail (the main e2e server unless told).
 */
export async function signInAsAdmin(api: APIRequestContext, email = E2E_ADMIN_EMAIL, dataDir?: string) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
    if (login.ok()) {
      expect((await login.json()).user.role).toMatch(/admin/);
      return;
    }
    const { code } = await login.json();
    if (code === ERROR_CODES.EMAIL_NOT_VERIFIED) {
      await verifyByMail(api, email, dataDir);
      continue;
    }
    const register = await api.post('/api/auth/register', { data: { email, password: PASSWORD } });
    if (register.ok()) await verifyByMail(api, email, dataDir);
    else await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Could not sign in as ${email}`);
}
