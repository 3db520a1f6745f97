import type { Role } from '@conduit/contracts';
import type { Services } from '../../platform/services.ts';
import type { Engine } from '../engines/engine.ts';

/** What admin operations need: no Fastify, so tests and the command line can call them directly. */
export type AdminContext = Pick<
  Services,
  'db' | 'pool' | 'clock' | 'config' | 'log' | 'mailer' | 'metrics' | 'startedAt'
> & {
  /** The engine behind the paid services, for the upstream balance check. */
  engine?: Pick<Engine, 'name' | 'upstreamBalance' | 'upstreamAccounts' | 'channels' | 'channelsChanged'>;
};

/** The signed-in admin making a change. */
export interface AdminActor {
  userId: string;
  role: Role;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
