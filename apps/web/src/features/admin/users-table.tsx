import type { AdminUser } from '@conduit/contracts';
import { Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatCount } from '../../lib/format.ts';
import { PLAN_SHORT_LABELS, ROLE_LABELS } from './admin-labels.ts';

const COLUMNS = ['Email', 'Name', 'Plan', 'Role', 'Status', 'Last login', 'Balance', 'Actions'] as const;

export function UsersTable({ users, onEdit }: { users: AdminUser[]; onEdit: (user: AdminUser) => void }) {
  return (
    <CardTable columns={COLUMNS} endAligned={['Balance', 'Actions']} label="Users">
      {users.map((user) => (
        <tr key={user._id} className={ROW_CLASSES}>
          <Cell column="Email" className="break-all text-fg max-sm:col-span-2">
            <EmailAddress email={user.email} />
          </Cell>
          <Cell column="Name" className="text-fg">
            {user.name ?? <span className="text-muted">-</span>}
          </Cell>
          <Cell column="Plan" className="text-fg">
            {PLAN_SHORT_LABELS[user.plan]}
          </Cell>
          <Cell column="Role" className="whitespace-nowrap text-fg">
            {ROLE_LABELS[user.role]}
          </Cell>
          <Cell column="Status">
            {user.isActive ? (
              <StatusBadge tone="good">Active</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">Inactive</StatusBadge>
            )}
          </Cell>
          <Cell column="Last login" className="text-fg sm:whitespace-nowrap">
            {user.lastLogin ? <Timestamp at={user.lastLogin} /> : <span className="text-muted">Never</span>}
          </Cell>
          <Cell column="Balance" className="text-fg tabular-nums sm:text-right">
            {formatCount(user.balance)}
          </Cell>
          <Cell column="Actions" className="sm:text-right">
            <Button variant="ghost" size="sm" aria-label={`Edit ${user.email}`} onClick={() => onEdit(user)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}
