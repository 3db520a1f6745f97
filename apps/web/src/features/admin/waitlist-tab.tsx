import { WAITLIST_ADMIN_ROUTES, WAITLIST_INVITE_MAX } from '@conduit/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { failureText } from '../waitlist/waitlist-api.ts';

const PAGE_SIZE = 50;
const WAITLIST_QUERY_KEY = ['admin', 'waitlist'] as const;
export const WAITLIST_CSV_URL = WAITLIST_ADMIN_ROUTES.csv.path;
const COLUMNS = ['Rank', 'Email', 'Name', 'Score', 'Referrals', 'Confirmed', 'Invited', 'Joined'] as const;

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '-';

function InviteForm() {
  const queryClient = useQueryClient();
  const [count, setCount] = useState('10');
  const invite = useMutation({
    mutationFn: (n: number) => callRoute(WAITLIST_ADMIN_ROUTES.invite, { body: { count: n } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
  });
  const n = Number(count);
  const isValid = Number.isInteger(n) && n >= 1 && n <= WAITLIST_INVITE_MAX;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid && !invite.isPending) invite.mutate(n);
  };
  return (
    <form
      onSubmit={onSubmit}
      aria-label="Invite from the waitlist"
      className="flex flex-wrap items-end gap-3"
    >
      <label className="text-fg text-sm">
        <span className="block font-medium">Invite the next</span>
        <input
          type="number"
          min={1}
          max={WAITLIST_INVITE_MAX}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          className="mt-1.5 h-10 w-28 rounded-lg border border-border bg-bg px-3 text-fg text-sm"
        />
      </label>
      <Button type="submit" disabled={!isValid || invite.isPending}>
        {invite.isPending ? 'Inviting...' : 'Send invitations'}
      </Button>
      <p role="status" className="basis-full text-muted text-sm">
        {invite.data &&
          (invite.data.invited.length === 0
            ? 'Nobody left to invite: every confirmed person has an invitation.'
            : `Invited ${invite.data.invited.length} ${invite.data.invited.length === 1 ? 'person' : 'people'}.`)}
      </p>
      {invite.isError && (
        <div className="basis-full">
          <FormAlert>{failureText(invite.error, 'Failed to send invitations')}</FormAlert>
        </div>
      )}
    </form>
  );
}

/** The admin's waitlist: entries by rank, CSV export, invite next N (docs/waitlist.md). */
export function WaitlistTab() {
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: [...WAITLIST_QUERY_KEY, offset],
    queryFn: ({ signal }) =>
      callRoute(WAITLIST_ADMIN_ROUTES.list, {
        query: new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) }),
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const data = list.data;

  return (
    <section aria-labelledby="waitlist-tab-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="waitlist-tab-heading" className="font-semibold text-fg text-xl">
            Waitlist
          </h2>
          {data && (
            <p className="mt-1 text-muted text-sm">
              {data.total} joined · {data.verified} confirmed · {data.invited} invited
            </p>
          )}
        </div>
        <a
          href={WAITLIST_CSV_URL}
          download
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-4 font-medium text-fg text-sm hover:bg-surface-2"
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      <InviteForm />
      {list.isError && <FormAlert>{failureText(list.error, 'Failed to load the waitlist')}</FormAlert>}
      {data && data.entries.length === 0 && (
        <EmptyNote>Nobody has joined the waitlist yet. Entries appear here by rank as people join.</EmptyNote>
      )}
      {data && data.entries.length > 0 && (
        <CardTable columns={COLUMNS} label="Waitlist by rank">
          {data.entries.map((entry) => (
            <tr key={entry.id} className={ROW_CLASSES}>
              <Cell column="Rank">#{entry.position}</Cell>
              <Cell column="Email" className="break-all">
                <EmailAddress email={entry.email} />
              </Cell>
              <Cell column="Name">{entry.name}</Cell>
              <Cell column="Score">
                {entry.score} · {entry.priority}
              </Cell>
              <Cell column="Referrals">{entry.referrals}</Cell>
              <Cell column="Confirmed">{entry.verified ? 'Yes' : 'No'}</Cell>
              <Cell column="Invited">{day(entry.invitedAt)}</Cell>
              <Cell column="Joined">{day(entry.createdAt)}</Cell>
            </tr>
          ))}
        </CardTable>
      )}
      {data && data.total > PAGE_SIZE && (
        <div className="flex items-center justify-between gap-3 text-sm">
          <Button
            variant="secondary"
            size="sm"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
          >
            Previous
          </Button>
          <span className="text-muted">
            {offset + 1}-{Math.min(offset + PAGE_SIZE, data.total)} of {data.total}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={offset + PAGE_SIZE >= data.total}
            onClick={() => setOffset(offset + PAGE_SIZE)}
          >
            Next
          </Button>
        </div>
      )}
    </section>
  );
}
