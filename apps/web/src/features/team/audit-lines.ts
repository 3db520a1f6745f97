import {
  formatCents,
  type TeamAuditAction,
  type TeamAuditEntry,
  WORKSPACE_ROLE_LABELS,
  type WorkspaceRole,
} from '@conduit/contracts';
import { formatCount } from '../../lib/format.ts';

type Details = Record<string, unknown>;

const text = (details: Details, name: string) => {
  const value = details[name];
  return typeof value === 'string' ? value : '';
};
const role = (details: Details, name: string) =>
  WORKSPACE_ROLE_LABELS[text(details, name) as WorkspaceRole] ?? text(details, name);
const count = (details: Details, name: string) => {
  const value = details[name];
  return typeof value === 'number' ? value : 0;
};
/** The member the entry is about: the server adds their email to `details` when it knows it. */
const subject = (details: Details) => text(details, 'email') || 'a former member';

function teamChanges(details: Details): string {
  const parts: string[] = [];
  if ('name' in details) parts.push(`renamed the team to "${text(details, 'name')}"`);
  if ('billingEmail' in details) {
    const email = text(details, 'billingEmail');
    parts.push(email ? `set the billing email to ${email}` : 'removed the billing email');
  }
  return parts.length > 0 ? parts.join(' and ') : 'updated the team';
}

/** What each action did, after the actor's name. */
const DESCRIBE: Record<TeamAuditAction, (details: Details) => string> = {
  'team.created': (d) => `created the team "${text(d, 'name')}"`,
  'team.updated': teamChanges,
  'member.invited': (d) => `invited ${subject(d)} as ${role(d, 'role')}`,
  'invitation.revoked': (d) => `revoked the invitation of ${subject(d)}`,
  'member.joined': (d) => `joined the team as ${role(d, 'role')}`,
  'member.role_changed': (d) =>
    `changed the role of ${subject(d)} from ${role(d, 'from')} to ${role(d, 'to')}`,
  'member.removed': (d) => `removed ${subject(d)} (${role(d, 'role')})`,
  'member.left': () => 'left the team',
  'ownership.transferred': (d) => `transferred ownership to ${subject(d)}`,
  'key.created': (d) => `created the API key "${text(d, 'keyName')}"`,
  'key.deleted': (d) => `deleted the API key "${text(d, 'keyName')}"`,
  'key.updated': (d) => `changed the settings of the API key "${text(d, 'keyName')}"`,
  'key.rolled': (d) => `rolled the API key "${text(d, 'keyName')}"`,
  'purchase.completed': (d) =>
    `bought ${formatCount(count(d, 'credits'))} credits for ${formatCents(count(d, 'amount'))}`,
};

/**
 * One readable line per audit entry: "ada@example.com invited bob@example.com as Developer".
 * A payment confirmed without anyone signed in (the provider's webhook) has no actor.
 */
export function auditLine(entry: Pick<TeamAuditEntry, 'actor' | 'action' | 'details'>): string {
  const what = DESCRIBE[entry.action]?.(entry.details) ?? entry.action;
  return `${entry.actor ?? 'Someone'} ${what}`;
}
