import type { AdminUser } from '@conduit/contracts';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { adminUsersQuery } from './admin-api.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { SearchedRows } from './paged-rows.tsx';
import { UsersTable } from './users-table.tsx';

/**
 * Users: the server sends up to 100 accounts a request (docs/product.md, "Admin figures"); the
 * table shows 10 at a time and pages through them, asking for the next 100 on the cursor when
 * paging past the last.
 */
export function UsersTab() {
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [isInviting, setIsInviting] = useState(false);

  return (
    <div className="space-y-4">
      <SearchedRows
        searchLabel="Search users"
        placeholder="Search by email or name"
        noun="Users"
        queryFor={adminUsersQuery}
        rowsOf={(batch) => batch.users}
        actions={
          <Button onClick={() => setIsInviting(true)}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add user
          </Button>
        }
      >
        {(shown) => <UsersTable users={shown} onEdit={setEditing} />}
      </SearchedRows>
      {isInviting && <InviteUserDialog onClose={() => setIsInviting(false)} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
