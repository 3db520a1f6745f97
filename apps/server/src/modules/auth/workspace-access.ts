import {
  type RateLimitWindowLimits,
  roleAllows,
  TEAM_TEXTS,
  type WorkspaceAction,
  type WorkspaceRole,
} from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import { Forbidden } from '../../platform/errors.ts';
import { signedIn } from './session-http.ts';
import { limitsFor } from './workspace-limits.ts';
import type { WorkspaceRow } from './workspace-schema.ts';

/** The workspace a signed-in request works in, and the person's role in it. */
export interface WorkspaceAccess {
  id: string;
  kind: 'personal' | 'team';
  /** The team's name; null for a personal workspace. */
  name: string | null;
  role: WorkspaceRole;
  tier: WorkspaceRow['tier'];
  maxApiKeys: number;
  /** The rate limits its API keys get. */
  limits: RateLimitWindowLimits;
}

/** A personal workspace's account is its owner; a team member has the role of their membership. */
export function toWorkspaceAccess(row: WorkspaceRow, role: WorkspaceRole): WorkspaceAccess {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    role,
    tier: row.tier,
    maxApiKeys: row.maxApiKeys,
    limits: limitsFor(row),
  };
}

/** 403 unless the person's role in the workspace allows the action. */
export function assertAllowed(workspace: WorkspaceAccess, action: WorkspaceAction): WorkspaceAccess {
  if (!roleAllows(workspace.role, action)) throw new Forbidden(TEAM_TEXTS.roleForbidden(workspace.role));
  return workspace;
}

/**
 * The request's workspace, checked for the action. Every workspace route reads its owner id from
 * here: the session's choice is re-validated against the membership on each request, so a
 * removed member loses the team at once.
 */
export function workspaceFor(request: FastifyRequest, action: WorkspaceAction): WorkspaceAccess {
  return assertAllowed(signedIn(request).workspace, action);
}
