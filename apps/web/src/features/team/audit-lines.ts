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
  'alert.added': (d) => `added a low-balance alert at ${formatCount(count(d, 'threshold'))} credits`,
  'alert.removed': (d) => `removed the low-balance alert at ${formatCount(count(d, 'threshold'))} credits`,
  'webhook.endpoint_changed': (d) =>
    d.webhookUrl ? `set the webhook endpoint to ${text(d, 'webhookUrl')}` : 'removed the webhook endpoint',
  'webhook.secret_rotated': () => 'rotated the webhook signing secret',
  'billing.details_updated': () => 'updated the billing details',
  'auto_topup.updated': (d) =>
    d.enabled === true
      ? `turned auto top-up on (under ${formatCount(count(d, 'threshold'))} credits, ${text(d, 'package')} pack, at most ${count(d, 'monthlyLimit')} a month)`
      : 'turned auto top-up off',
  'auto_topup.card_saved': (d) => `saved a card for auto top-up (•••• ${text(d, 'last4')})`,
  'auto_topup.card_removed': (d) => `removed the saved card (•••• ${text(d, 'last4')}); auto top-up is off`,
  'auto_topup.failed': (d) => `could not charge the saved card (${text(d, 'message')})`,
  'auto_topup.turned_off': () => 'was turned off after three declined charges in a row',
};

/**
 * One readable line per audit entry: "ada@example.com invited bob@example.com as Developer".
 * A payment confirmed without anyone signed in (the provider's webhook) has no actor.
 */
export function auditLine(entry: Pick<TeamAuditEntry, 'actor' | 'action' | 'details'>): string {
  const what = DESCRIBE[entry.action]?.(entry.details) ?? entry.action;
  const isAutomatic = entry.action.startsWith('auto_topup.') || entry.details.kind === 'auto_topup';
  return `${entry.actor ?? (isAutomatic ? 'Auto top-up' : 'Someone')} ${what}`;
}
