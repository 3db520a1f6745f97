import type { AdminUser } from '@conduit/contracts';
import { Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { ColumnTable, type TableColumn } from '../../components/ui/column-table.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { formatCount } from '../../lib/format.ts';
import { PLAN_SHORT_LABELS, ROLE_LABELS } from './admin-labels.ts';

function columns(onEdit: (user: AdminUser) => void): TableColumn<AdminUser>[] {
  return [
    {
      name: 'Email',
      className: 'break-all text-fg max-sm:col-span-2',
      cell: (user) => <EmailAddress email={user.email} />,
    },
    {
      name: 'Name',
      className: 'text-fg',
      cell: (user) => user.name ?? <span className="text-muted">-</span>,
    },
    { name: 'Plan', className: 'text-fg', cell: (user) => PLAN_SHORT_LABELS[user.plan] },
    { name: 'Role', className: 'whitespace-nowrap text-fg', cell: (user) => ROLE_LABELS[user.role] },
    {
      name: 'Status',
      cell: (user) =>
        user.isActive ? (
          <StatusBadge tone="good">Active</StatusBadge>
        ) : (
          <StatusBadge tone="neutral">Inactive</StatusBadge>
        ),
    },
    {
      name: 'Last login',
      className: 'text-fg sm:whitespace-nowrap',
      cell: (user) =>
        user.lastLogin ? <Timestamp at={user.lastLogin} /> : <span className="text-muted">Never</span>,
    },
    {
      name: 'Balance',
      className: 'text-fg tabular-nums sm:text-right',
      isEnd: true,
      cell: (user) => formatCount(user.balance),
    },
    {
      name: 'Actions',
      className: 'sm:text-right',
      isEnd: true,
      cell: (user) => (
        <Button variant="ghost" size="sm" aria-label={`Edit ${user.email}`} onClick={() => onEdit(user)}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
      ),
    },
  ];
}

export function UsersTable({ users, onEdit }: { users: AdminUser[]; onEdit: (user: AdminUser) => void }) {
  return <ColumnTable columns={columns(onEdit)} rows={users} rowKey={(user) => user._id} label="Users" />;
}
