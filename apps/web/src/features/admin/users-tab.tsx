import type { AdminUser } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { adminUsersQuery } from './admin-api.ts';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { PagedRowsView, SearchBox, usePagedRows, useSearch } from './paged-rows.tsx';
import { UsersTable } from './users-table.tsx';

/**
 * Users: the server sends up to 100 accounts a request (docs/product.md, "Admin figures"); the
 * table shows 10 at a time and pages through them, asking for the next 100 on the cursor when
 * paging past the last.
 */
export function UsersTab() {
  const { text, setText, search } = useSearch();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [isInviting, setIsInviting] = useState(false);
  const users = useInfiniteQuery(adminUsersQuery(search));
  const paged = usePagedRows(users, (batch) => batch.users, search);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          label="Search users"
          placeholder="Search by email or name"
          value={text}
          onChange={setText}
        />
        <Button onClick={() => setIsInviting(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add user
        </Button>
      </div>
      <PagedRowsView query={users} paged={paged} search={search} noun="Users">
        {(shown) => <UsersTable users={shown} onEdit={setEditing} />}
      </PagedRowsView>
      {isInviting && <InviteUserDialog onClose={() => setIsInviting(false)} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
