import type { KieAccountConfig } from '../../platform/config.ts';
import type { UpstreamPace } from './upstream-pace.ts';

/** One kie.ai account of the pool (platform/config.ts, kieAccountsOf): its id is stored, never its key. */
export type KieAccount = KieAccountConfig;

/**
 * kie's answers that are about the account, not the request: a key refused (401), no credits left
 * (402), a sub-key over its limit (433, [K7]). Such an account is set aside (no new creates) while
 * the others serve (docs/upstreams.md, "A pool of kie.ai accounts").
 */
export const SET_ASIDE_CODES: ReadonlySet<number> = new Set([401, 402, 433]);

/** Which accounts are set aside, shared by every process (channels/kie-account-store.ts) or kept in memory. */
export interface KieAccountStates {
  /** The ids of the accounts set aside now; may be up to a second old. */
  setAside(): Promise<ReadonlySet<string>>;
  /** Sets an account aside; true for the one call that did (so the admins are told once). */
  setAccountAside(id: string, code: number, reason: string): Promise<boolean>;
}

/** The states of one process only: an engine built without a database (unit tests). */
export function memoryAccountStates(): KieAccountStates {
  const aside = new Set<string>();
  return {
    setAside: async () => aside,
    async setAccountAside(id) {
      if (aside.has(id)) return false;
      aside.add(id);
      return true;
    },
  };
}

/** What the admin Channels tab shows of each account besides its state (admin/channels.ts). */
export interface KieAccountUse {
  id: string;
  label: string;
  /** Creates in the pace window now, of `paceLimit`; null when the engine is not paced. */
  paceUsed: number | null;
  paceLimit: number | null;
  /** kie credits; null when unreadable. */
  balance: number | null;
}

/** An account's paces: its own creates and polls windows (`kie:<id>`, `kie-poll:<id>`). */
export type PaceOf = UpstreamPace | ((account: KieAccount) => UpstreamPace) | undefined;
export const paceFor = (pace: PaceOf, account: KieAccount) =>
  typeof pace === 'function' ? pace(account) : pace;

/**
 * The order a create tries the usable accounts in: round robin, starting one further each call,
 * so a burst spreads over every account's window instead of filling the first one's.
 */
export function roundRobin(): (accounts: readonly KieAccount[]) => KieAccount[] {
  let turn = 0;
  return (accounts) => {
    if (accounts.length < 2) return [...accounts];
    const start = turn % accounts.length;
    turn = (turn + 1) % 1_000_000;
    return [...accounts.slice(start), ...accounts.slice(0, start)];
  };
}
