import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE, SUPPORT_TEXTS } from '@conduit/contracts';
import { expect, type Page, test } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';
import { E2E_ADMIN_EMAIL } from '../playwright.config.ts';
import { signInAsAdmin } from './admin-session.ts';
import { verifiedAccount } from './auth-flows.ts';
import { checkAtBothSizes, expectNoSevereA11yViolations, open } from './helpers.ts';
import { latestMailTo, MAIL_WAIT_MS } from './outbox.ts';

/** The mail to the support address that came from `userEmail` (its Reply-To), once it is written. */
async function supportMailFrom(userEmail: string): Promise<ParsedMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) =>
          name.endsWith(`-${DEFAULT_SUPPORT_EMAIL}.eml`),
        );
        for (const name of names) {
          const mail = await simpleParser(await readFile(path.join(outbox, name)));
          if (mail.replyTo?.text === userEmail) found = mail;
        }
        return found !== undefined;
      },
      { message: `a mail to ${DEFAULT_SUPPORT_EMAIL} from ${userEmail}`, timeout: MAIL_WAIT_MS },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** Sign-up, verification, mail delivery and two sessions: journeys longer than the default 30 s on a busy machine. */
test.describe.configure({ timeout: 240_000 });

const form = (page: Page) => page.getByRole('region', { name: 'Send us a message' });

test('a user sends a support message: mailed to support with their id and email, and acknowledged', async ({
  page,
}, testInfo) => {
  const email = await verifiedAccount(page, 'support');
  await open(page, '/app/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact us' });
  await expect(contact.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${DEFAULT_SUPPORT_EMAIL}`,
  );
  await expect(contact.getByRole('link', { name: DEFAULT_SUPPORT_PHONE })).toBeVisible();
  await expect(contact).toContainText(SUPPORT_TEXTS.responseTime);

  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(SUPPORT_TEXTS.bothRequired);
  await form(page).getByLabel('Subject').fill('   ');
  await form(page).getByLabel('Message').fill('Only a message');
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(form(page).getByRole('alert')).toHaveText(SUPPORT_TEXTS.bothRequired);

  await expectNoSevereA11yViolations(page);
  // The default theme is dark; the end of the test looks at the light one.
  await page.screenshot({ path: testInfo.outputPath('support-dark.png'), fullPage: true });

  await form(page).getByLabel('Subject').fill('Webhook retries');
  await form(page).getByLabel('Message').fill('How often is a failed webhook retried?\n\nTask task_abc');
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(SUPPORT_TEXTS.sent);
  await expect(form(page).getByLabel('Subject')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');
  await expect(form(page).getByRole('alert')).toHaveCount(0);

  const toSupport = await supportMailFrom(email);
  expect(toSupport.subject).toMatch(/^\[Support tkt_[a-z0-9]+\] Webhook retries$/);
  expect(toSupport.text).toContain(`From: ${email}`);
  expect(toSupport.text).toMatch(/User ID: usr_[a-z0-9]+/);
  expect(toSupport.text).toContain('How often is a failed webhook retried?');

  await expect
    .poll(async () => (await latestMailTo(email)).subject, { message: 'the acknowledgement to the user' })
    .toBe('We received your message: Webhook retries');
  const receipt = await latestMailTo(email);
  expect(receipt.replyTo?.text).toBe(DEFAULT_SUPPORT_EMAIL);
  expect(receipt.text).toContain(SUPPORT_TEXTS.responseTime);

  await page.evaluate(() => localStorage.setItem('conduit-theme', JSON.stringify({ background: 'light' })));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mode', 'light');
  await expect(page.getByRole('region', { name: 'Contact us' }).getByRole('link').first()).toBeVisible();
  await form(page).getByRole('button', { name: 'Send message' }).click();
  await expectNoSevereA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('support-light.png'), fullPage: true });
});

test('an admin reads the message in the Support tab and answers it; the answer reaches the user, who replies', async ({
  page,
  browser,
}, testInfo) => {
  const email = await verifiedAccount(page, 'asker');
  const subject = `Invoice for March ${randomBytes(3).toString('hex')}`;
  const sent = await page.request.post('/api/support', {
    data: { subject, message: 'Could you send an invoice\nfor my last purchase?' },
  });
  expect(sent.status()).toBe(201);
  await expect
    .poll(async () => (await latestMailTo(email)).subject, { message: 'the acknowledgement to the user' })
    .toBe(`We received your message: ${subject}`);

  // A context of its own (a second browser session), which axe needs too.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin.request);
  await open(admin, '/admin?tab=support');
  const panel = admin.getByRole('tabpanel', { name: 'Support' });
  const filters = panel.getByRole('group', { name: 'Show messages' });
  await expect(filters.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  const toggle = panel.getByRole('button', { name: new RegExp(subject) });
  await expect(toggle).toContainText(email);
  await expect(toggle).toContainText('Open');
  await toggle.click();
  await expect(panel.getByText('for my last purchase?')).toBeVisible();

  const ticket = panel
    .getByRole('listitem')
    .filter({ has: admin.getByRole('button', { name: new RegExp(subject) }) });
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await expect(ticket.getByRole('alert')).toHaveText('Please write a reply');
  await ticket.getByLabel('Reply').fill('Your invoice is attached to the receipt mail of the purchase.');
  await expectNoSevereA11yViolations(admin);
  await admin.screenshot({ path: testInfo.outputPath('admin-support-dark.png'), fullPage: true });
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByRole('region', { name: 'Notifications' })).toContainText('Reply sent');
  await expect(toggle).toContainText('Answered');
  await expect(ticket.getByRole('list', { name: 'Conversation' })).toContainText(
    'Your invoice is attached to the receipt mail of the purchase.',
  );

  await expect
    .poll(async () => (await latestMailTo(email)).subject, { message: 'the answer to the user' })
    .toBe(`Re: ${subject}`);
  const answer = await latestMailTo(email);
  expect(answer.text).toContain('Your invoice is attached to the receipt mail of the purchase.');
  expect(answer.replyTo?.text).toBe(DEFAULT_SUPPORT_EMAIL);

  await filters.getByRole('button', { name: 'Answered' }).click();
  await expect(panel.getByRole('button', { name: new RegExp(subject) })).toContainText('Answered');
  await admin.evaluate(() => localStorage.setItem('conduit-theme', JSON.stringify({ background: 'light' })));
  await admin.reload();
  await expect(admin.locator('html')).toHaveAttribute('data-mode', 'light');
  // A reload opens the tab on its default filter, Open, where the answered message no longer is.
  await expect(filters.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
  await filters.getByRole('button', { name: 'Answered' }).click();
  await panel.getByRole('button', { name: new RegExp(subject) }).click();
  await expectNoSevereA11yViolations(admin);
  await admin.screenshot({ path: testInfo.outputPath('admin-support-light.png'), fullPage: true });
  await adminContext.close();

  // The user sees the answer under their own messages too.
  await open(page, '/app/support');
  const mine = page.getByRole('region', { name: 'Your messages' });
  const own = mine.getByRole('button', { name: new RegExp(subject) });
  await expect(own).toContainText('Answered');
  await own.click();
  await expect(mine.getByRole('list', { name: 'Conversation' })).toContainText(
    'Your invoice is attached to the receipt mail of the purchase.',
  );
  await expect(mine).not.toContainText(E2E_ADMIN_EMAIL);
  // The user writes again in the thread: the reply joins it and the message waits for support again.
  await mine.getByLabel('Reply').fill('Found it, thanks. Does it show the VAT?');
  await mine.getByRole('button', { name: 'Send reply' }).click();
  await expect(mine.getByRole('list', { name: 'Conversation' })).toContainText('Does it show the VAT?');
  await expect(own).toContainText('Waiting for us');
  await checkAtBothSizes(page, 'support-own-messages');
});
