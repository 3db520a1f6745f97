import type { Services } from '../../platform/services.ts';

/** What account operations need: no Fastify, so tests and jobs can call them directly. */
export type AuthContext = Pick<Services, 'db' | 'clock' | 'config' | 'log' | 'mailer'>;
