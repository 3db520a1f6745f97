import { INVITATION_LIMITS, TEAM_TEXTS } from '@conduit/contracts';
import { normalizeMailbox } from '../../platform/mailbox.ts';
import { createLimiter, type Limiter } from '../../platform/rate-limiter.ts';
import type { Services } from '../../platform/services.ts';

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

export interface InvitationLimits {
  perInviter: Limiter;
  perTeam: Limiter;
  perRecipient: Limiter;
}

/**
 * An invitation is a mail we send to any address, so whoever can make a team could use it as a
 * relay: each is counted per inviter, per team and per invited mailbox (across every team, in
 * Redis when configured), and refused with 429 past any of them.
 */
export function createInvitationLimits(services: Pick<Services, 'redis' | 'config'>): InvitationLimits {
  const store = { redis: services.redis, prefix: services.config.REDIS_PREFIX };
  const limit = (keyPrefix: string, points: number, durationS: number) =>
    createLimiter(store, { keyPrefix, points, durationS }, TEAM_TEXTS.tooManyInvitations);
  return {
    perInviter: limit('invite-inviter', INVITATION_LIMITS.perInviter, HOUR_S),
    perTeam: limit('invite-team', INVITATION_LIMITS.perTeam, DAY_S),
    perRecipient: limit('invite-recipient', INVITATION_LIMITS.perRecipient, DAY_S),
  };
}

/**
 * Counts one invitation against all three limits; a refusal by a later one gives back the points
 * the earlier ones took, so a refused invitation costs the inviter and the team nothing.
 */
export async function countInvitation(
  limits: InvitationLimits,
  invitation: { inviterId: string; teamId: string; email: string },
) {
  const steps: [Limiter, string][] = [
    [limits.perInviter, invitation.inviterId],
    [limits.perTeam, invitation.teamId],
    // One mailbox, whatever its `+tag` or Gmail dots: aliases count once.
    [limits.perRecipient, normalizeMailbox(invitation.email)],
  ];
  const taken: [Limiter, string][] = [];
  try {
    for (const step of steps) {
      await step[0].consume(step[1]);
      taken.push(step);
    }
  } catch (error) {
    await Promise.all(taken.map(([limiter, key]) => limiter.refund(key)));
    throw error;
  }
}
