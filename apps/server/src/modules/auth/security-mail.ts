import { PRODUCT_NAME, ROUTES } from '@conduit/contracts';
import type { AuthContext } from './auth-context.ts';
import { describeUserAgent } from './user-agent.ts';

const IF_NOT_YOU = 'If this was not you, reset your password at once and contact support.';

/** Security notices never block or fail the action they report: a mail outage is only logged. */
function notify(
  ctx: AuthContext,
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  action = { label: 'Review your account', url: `${ctx.config.PUBLIC_URL}${ROUTES.appSettings}` },
) {
  ctx.mailer
    .send({ to, subject, heading, paragraphs, action })
    .catch((error) => ctx.log.error({ err: error, subject }, 'security notice mail failed'));
}

export function mailPasswordChanged(ctx: AuthContext, to: string) {
  notify(ctx, to, `Your ${PRODUCT_NAME} password was changed`, 'Your password was changed', [
    `The password of your ${PRODUCT_NAME} account was just set or changed, and your other sessions were signed out.`,
    IF_NOT_YOU,
  ]);
}

export function mailTwoFactorChanged(ctx: AuthContext, to: string, isOn: boolean) {
  const state = isOn ? 'turned on' : 'turned off';
  notify(ctx, to, `Two-factor authentication was ${state}`, `Two-factor authentication was ${state}`, [
    isOn
      ? `Signing in to your ${PRODUCT_NAME} account now needs a code from your authenticator app.`
      : `Signing in to your ${PRODUCT_NAME} account no longer needs a code from your authenticator app.`,
    IF_NOT_YOU,
  ]);
}

export function mailRecoveryCodesReplaced(ctx: AuthContext, to: string) {
  notify(ctx, to, 'Your recovery codes were replaced', 'New recovery codes were made', [
    `New recovery codes were made for your ${PRODUCT_NAME} account: the old ones no longer work. Keep the new ones somewhere safe.`,
    IF_NOT_YOU,
  ]);
}

export function mailNewSignIn(
  ctx: AuthContext,
  to: string,
  device: { userAgent?: string; ip?: string; at: Date },
) {
  const { browser, os } = describeUserAgent(device.userAgent);
  notify(ctx, to, `New sign-in to your ${PRODUCT_NAME} account`, 'A new device signed in', [
    `Your ${PRODUCT_NAME} account was signed in to from a browser it had not seen before: ${browser} on ${os}, from IP address ${device.ip ?? 'unknown'}, at ${device.at.toUTCString()}.`,
    'If this was you, there is nothing to do.',
    IF_NOT_YOU,
  ]);
}

/** The old address is told, with a single-use link that cancels the change without signing in. */
export function mailEmailChangeRequested(
  ctx: AuthContext,
  oldEmail: string,
  newEmail: string,
  cancelUrl: string,
) {
  notify(
    ctx,
    oldEmail,
    `Your ${PRODUCT_NAME} address is about to change`,
    'A change of address was requested',
    [
      `Someone signed in to your ${PRODUCT_NAME} account asked to change its address to ${newEmail}. Nothing changes until that address confirms it.`,
      'If this was not you, cancel the change with the button below, then reset your password: a reset also cancels every pending change.',
    ],
    { label: 'Cancel this change', url: cancelUrl },
  );
}

export function mailEmailChanged(ctx: AuthContext, oldEmail: string, newEmail: string) {
  notify(ctx, oldEmail, `Your ${PRODUCT_NAME} address was changed`, 'Your address was changed', [
    `Your ${PRODUCT_NAME} account now uses ${newEmail}; this address no longer signs in.`,
    IF_NOT_YOU,
  ]);
}
