import { type AdminTeam, WORKSPACE_ROLE_LABELS } from '@conduit/contracts';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';

const COLUMNS = [
  'Team',
  'Members',
  'Balance',
  'Active keys',
  'Calls (30 days)',
  'Credits (30 days)',
] as const;
const FIGURES = ['Balance', 'Active keys', 'Calls (30 days)', 'Credits (30 days)'] as const;

function Figure({ column, value }: { column: (typeof FIGURES)[number]; value: number }) {
  return (
    <Cell column={column} className="text-fg tabular-nums sm:text-right">
      {formatCount(value)}
    </Cell>
  );
}

/** The teams with their members (and roles), balance and the last 30 days' use. */
export function TeamsTable({ teams }: { teams: AdminTeam[] }) {
  return (
    <CardTable columns={COLUMNS} endAligned={FIGURES} label="Teams">
      {teams.map((team) => (
        <tr key={team.id} className={ROW_CLASSES}>
          <Cell column="Team" className="text-fg max-sm:col-span-2">
            <span className="block font-medium">{team.name}</span>
            <span className="block text-muted text-xs">
              Since {formatDate(team.createdAt)}
              {team.billingEmail && (
                <>
                  {' · '}
                  <EmailAddress email={team.billingEmail} />
                </>
              )}
            </span>
          </Cell>
          <Cell column="Members" className="text-fg max-sm:col-span-2">
            <ul className="space-y-0.5">
              {team.members.map((member) => (
                <li key={member.email} className="break-all">
                  <EmailAddress email={member.email} />{' '}
                  <span className="text-muted text-xs">{WORKSPACE_ROLE_LABELS[member.role]}</span>
                </li>
              ))}
            </ul>
          </Cell>
          <Figure column="Balance" value={team.balance} />
          <Figure column="Active keys" value={team.activeKeys} />
          <Figure column="Calls (30 days)" value={team.calls30d} />
          <Figure column="Credits (30 days)" value={team.credits30d} />
        </tr>
      ))}
    </CardTable>
  );
}
