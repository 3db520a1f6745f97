import { carriesTaskEvents, type EventType, WEBHOOK_TEXTS, type WorkspaceAction } from '@conduit/contracts';

/**
 * What a member may do with the workspace's webhook endpoint, and why not: owners, admins and
 * billing members set it (it carries balance.low beside the alerts), but task events carry calls
 * and their results, so choosing them takes a role that uses calls too. A member who cannot set
 * the endpoint sees it read-only with the reason, never a form the server would refuse.
 */
export type EndpointAccess =
  | { mode: 'edit'; canChooseTaskEvents: boolean }
  | { mode: 'read'; reason: string };

export function endpointAccess(
  can: (action: WorkspaceAction) => boolean,
  currentTypes: readonly EventType[],
): EndpointAccess {
  if (!can('buyCredits')) return { mode: 'read', reason: WEBHOOK_TEXTS.endpointReadOnly };
  const canChooseTaskEvents = can('useCalls');
  if (!canChooseTaskEvents && carriesTaskEvents(currentTypes)) {
    return { mode: 'read', reason: WEBHOOK_TEXTS.endpointHasTaskEvents };
  }
  return { mode: 'edit', canChooseTaskEvents };
}

/** A host our servers cannot post to: this machine, or a private or link-local network. */
export function isLocalUrl(text: string): boolean {
  let host: string;
  try {
    host = new URL(text.trim()).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1')
    return true;
  if (/^(fc|fd|fe80)[0-9a-f]*:/.test(host)) return true;
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) return false;
  const [a = 0, b = 0] = parts;
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}
