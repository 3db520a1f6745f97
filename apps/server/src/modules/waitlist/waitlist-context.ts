import type { Services } from '../../platform/services.ts';

/** What waitlist operations need: no Fastify, so tests call them directly with their own clock. */
export type WaitlistContext = Pick<Services, 'db' | 'clock' | 'config' | 'log' | 'mailer' | 'sessionSecret'>;
