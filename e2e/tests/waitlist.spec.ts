import { REFERRAL_BOOST_POSITIONS, WAITLIST_TEXTS } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { WAITLIST_URL } from '../playwright.config.ts';
import { checkAtBothSizes, open, screenshotPath } from './helpers.ts';
import { latestMailTo, uniqueEmail, WAITLIST_DATA_DIR } from './outbox.ts';

/** A link of the newest waitlist mail to `email`, as a URL on the waitlist server. */
async function mailedLink(email: string, pattern: RegExp): Promise<string> {
  const mail = await latestMailTo(email, WAITLIST_DATA_DIR());
  const link = (mail.text ?? '').match(pattern)?.[0];
  if (!link) throw new Error(`No ${pattern} link in "${mail.subject}"`);
  return link;
}
const confirmLinkFor = (email: string) => mailedLink(email, /https?:\/\/\S+\/waitlist\/verify\?token=\S+/);
const statusLinkFor = (email: string) => mailedLink(email, /https?:\/\/\S+\/waitlist\/status\?\S+/);

/** Fills the three steps of the waitlist modal and submits; the success view replaces the hero. */
async function joinThroughModal(page: Page, name: string, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Join the waitlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Role').selectOption('developer');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Expected monthly API calls').selectOption('1k-10k');
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByRole('heading', { name: "You're on the waitlist!" })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Confirms by the mailed link, then opens the status link and reads the position. */
async function confirmAndReadPosition(page: Page, email: string) {
  await open(page, await confirmLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  return readPosition(page, email);
}

async function readPosition(page: Page, email: string) {
  await open(page, await statusLinkFor(email));
  const figure = page.getByRole('definition').filter({ hasText: /^#\d+$/ });
  await expect(figure).toBeVisible();
  return Number((await figure.textContent())?.replace('#', ''));
}

test.describe('waitlist mode', () => {
  test('every path shows the waitlist landing, and sign-up is closed', async ({ page, request }) => {
    for (const path of ['/', '/app', '/docs', '/admin', '/no-such-page']) {
      await open(page, `${WAITLIST_URL}${path}`);
      await expect(page).toHaveURL(`${WAITLIST_URL}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('one API key away');
      await expect(page.getByRole('heading', { name: /Four production-ready APIs/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Pay for what you use/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    }
    const register = await request.post(`${WAITLIST_URL}/api/auth/register`, {
      data: { email: uniqueEmail('closed'), password: 'correct horse battery' },
    });
    expect(register.status()).toBe(403);
    expect((await register.json()).error).toBe(WAITLIST_TEXTS.signupClosed);
  });

  test('a newcomer joins through a referral link, confirms, and the referrer moves up 5', async ({
    page,
    request,
  }) => {
    // Earlier entries, so the referrer has places to move past.
    for (let n = 0; n < REFERRAL_BOOST_POSITIONS + 2; n++) {
      const seeded = await request.post(`${WAITLIST_URL}/waitlist/join`, {
        data: { name: `Early ${n}`, email: uniqueEmail('early'), role: 'other', volume: 'under-1k' },
      });
      expect(seeded.status()).toBe(201);
    }

    const referrer = uniqueEmail('referrer');
    await open(page, WAITLIST_URL);
    await joinThroughModal(page, 'Rita Referrer', referrer);
    const referralLink = await page.getByLabel('Your referral link').inputValue();
    expect(referralLink).toMatch(new RegExp(`^${WAITLIST_URL}/\\?ref=[a-z2-9]{8}$`));
    await page.getByRole('button', { name: 'Copy link' }).click();
    const before = await confirmAndReadPosition(page, referrer);
    expect(before).toBeGreaterThan(REFERRAL_BOOST_POSITIONS + 1);

    const newcomer = uniqueEmail('newcomer');
    await page.context().clearCookies();
    await open(page, referralLink);
    await joinThroughModal(page, 'Nico Newcomer', newcomer);
    // Unconfirmed, the referral does not count yet.
    expect(await readPosition(page, referrer)).toBe(before);

    await confirmAndReadPosition(page, newcomer);
    expect(await readPosition(page, referrer)).toBe(before - REFERRAL_BOOST_POSITIONS);
    await expect(page.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible();
  });

  test('the status page needs the mailed link; the address alone shows nothing', async ({ page }) => {
    await open(page, `${WAITLIST_URL}/waitlist/status?email=someone%40example.com`);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await open(page, `${WAITLIST_URL}/waitlist/status?email=someone%40example.com&token=forged`);
    await expect(page.getByRole('alert')).toHaveText(WAITLIST_TEXTS.statusLinkInvalid);
  });

  test("the success view's status link shows the position it showed; joining again is caught at the first step", async ({
    page,
  }) => {
    const email = uniqueEmail('repeat');
    await open(page, WAITLIST_URL);
    await joinThroughModal(page, 'Rosa Repeat', email);
    const shown = await page
      .getByRole('definition')
      .filter({ hasText: /^#\d+$/ })
      .textContent();
    await page.getByRole('link', { name: 'Check your status' }).click();
    await expect(page.getByRole('heading', { name: 'Your waitlist status' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: /^#\d+$/ })).toHaveText(shown as string);

    await open(page, WAITLIST_URL);
    await page.getByRole('banner').getByRole('button', { name: 'Join the waitlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the waitlist' });
    await dialog.getByLabel('Name').fill('Rosa Repeat');
    await dialog.getByLabel('Email').fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(WAITLIST_TEXTS.alreadyJoined);
    await expect(dialog.getByText(/Step 1 of 3/)).toBeVisible();
    await alert.getByRole('button', { name: 'Resend confirmation' }).click();
    await expect(dialog.getByRole('button', { name: WAITLIST_TEXTS.resendSent })).toBeVisible();
    await checkAtBothSizes(page, 'waitlist-repeat-email');
    await page.screenshot({ path: screenshotPath('waitlist-repeat-dialog-phone') });
  });

  test('contact sales validates, sends and closes', async ({ page }) => {
    await open(page, WAITLIST_URL);
    await page.getByRole('banner').getByRole('button', { name: 'Contact sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact sales' });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText(WAITLIST_TEXTS.required('Company'))).toBeVisible();
    const email = uniqueEmail('buyer');
    await dialog.getByLabel('Name').fill('Bea Buyer');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Company').fill('Big Co');
    await dialog.getByLabel('Message').fill('We need 2M calls a month.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog).toBeHidden();
    const ack = await latestMailTo(email, WAITLIST_DATA_DIR());
    expect(ack.text).toContain('within 24 hours');
  });
});
