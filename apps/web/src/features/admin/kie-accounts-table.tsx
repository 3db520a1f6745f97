import type { AdminKieAccount } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button.tsx';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminApi, refreshAdminData } from './admin-api.ts';

const COLUMNS = ['Account', 'Pace (this window)', 'Balance', 'State', 'Action'] as const;

const accountName = (account: AdminKieAccount) => `kie.ai account ${account.label}`;

function AccountRow({ account, onResult }: { account: AdminKieAccount; onResult: (text: string) => void }) {
  const queryClient = useQueryClient();
  const name = accountName(account);
  const isActive = account.state === 'active';
  const update = useMutation({
    mutationFn: () => adminApi.updateKieAccount(account.id, { active: !isActive }),
    onSuccess: ({ account: after }) =>
      onResult(`${name}: ${after.state === 'active' ? 'serving new tasks' : 'set aside'}.`),
    onError: (error) => onResult(`${name} was not changed: ${error.message}`),
    onSettled: () => refreshAdminData(queryClient),
  });
  return (
    <tr className={ROW_CLASSES}>
      <TitleCell column="Account">
        {account.label} <span className="font-normal text-muted text-xs">{account.id}</span>
      </TitleCell>
      <FigureCell column="Pace (this window)">
        {account.paceUsed === null ? '–' : `${account.paceUsed} / ${account.paceLimit ?? '–'}`}
      </FigureCell>
      <FigureCell column="Balance">
        {account.balance === null ? '–' : formatCount(account.balance)}
      </FigureCell>
      <Cell column="State" className={isActive ? 'text-fg' : 'text-danger'}>
        {isActive ? 'active' : `set aside: ${account.setAsideReason ?? 'no reason recorded'}`}
      </Cell>
      <Cell column="Action">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`${isActive ? 'Set aside' : 'Re-enable'} ${name}`}
          disabled={update.isPending}
          onClick={() => update.mutate()}
        >
          {isActive ? 'Set aside' : 'Re-enable'}
        </Button>
      </Cell>
    </tr>
  );
}

/**
 * kie.ai's accounts (docs/upstreams.md, "A pool of kie.ai accounts"): each one's new tasks in the
 * current pace window, its credits and whether it takes new tasks; an admin re-enables an account
 * set aside, or sets one aside.
 */
export function KieAccountsTable({
  accounts,
  onResult,
}: {
  accounts: AdminKieAccount[];
  onResult: (text: string) => void;
}) {
  if (accounts.length === 0) return null;
  return (
    <div className="space-y-2">
      <CardTable columns={COLUMNS} label="kie.ai accounts">
        {accounts.map((account) => (
          <AccountRow key={`${account.id}:${account.state}`} account={account} onResult={onResult} />
        ))}
      </CardTable>
      <p className="text-muted text-xs">
        Each account takes 20 new tasks per 10 seconds; new tasks go to the accounts with room, in turn. An
        account kie.ai refuses (401 key, 402 credits, 433 sub-key limit) is set aside while the others serve;
        it comes back when an admin re-enables it or, for 401 and 402, when its credits read above the low
        balance threshold. Its running tasks finish on it.
      </p>
    </div>
  );
}
