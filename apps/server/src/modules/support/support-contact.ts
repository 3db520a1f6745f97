import {
  DEFAULT_SUPPORT_EMAIL,
  DEFAULT_SUPPORT_PHONE,
  type SupportContactResponse,
} from '@conduit/contracts';
import type { Config } from '../../platform/config.ts';

/** Where support mail goes and what the support page shows: SUPPORT_EMAIL, else the product's address. */
export const supportAddress = (config: Pick<Config, 'SUPPORT_EMAIL'>) =>
  config.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL;

/**
 * The contact points of /app/support. Without SUPPORT_PHONE a development install shows the
 * product's example number; production shows none rather than a number nobody answers.
 */
export function getSupportContact(
  config: Pick<Config, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'isProduction'>,
): SupportContactResponse {
  return {
    email: supportAddress(config),
    phone: config.SUPPORT_PHONE ?? (config.isProduction ? null : DEFAULT_SUPPORT_PHONE),
  };
}
