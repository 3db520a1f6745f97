import type { Config } from '../../platform/config.ts';
import type { Limiter } from '../../platform/rate-limiter.ts';
import type { Services } from '../../platform/services.ts';

/** What the support operations use; `limiter` counts messages per account. */
export type SupportContext = Pick<Services, 'db' | 'clock' | 'jobs' | 'log'> & {
  config: Pick<Config, 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'isProduction'>;
  limiter: Limiter;
};

/** What mail delivery uses (a worker process, or any process for a retry). */
export type SupportMailContext = Pick<Services, 'db' | 'mailer' | 'log'> & {
  config: Pick<Config, 'SUPPORT_EMAIL' | 'PUBLIC_URL'>;
};
