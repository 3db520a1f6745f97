import { WAITLIST_ADMIN_ROUTES, WAITLIST_INVITE_MAX } from '@conduit/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { failureText } from '../waitlist/waitlist-api.ts';

const PAGE_SIZE = 50;
const WAITLIST_QUERY_KEY = ['admin', 'waitlist'] as const;
export const WAITLIST_CSV_URL = WAITLIST_ADMIN_ROUTES.csv.path;
const COLUMNS = ['Rank', 'Email', 'Name', 'Score', 'Referrals', 'Confirmed', 'Invited', 'Joined'] as const;

const day = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }) : '-';

function InviteForm() {
  const queryClient = useQueryClient();
  const { values, field } = useFormFields({ count: '10' }, {});
  // A failed run may still have invited some: the list reloads either way.
  const reload = () => void queryClient.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY });
  const { action, setAlert, frame } = useFormAction(
    (count: number) => callRoute(WAITLIST_ADMIN_ROUTES.invite, { body: { count } }),
    'Failed to send invitations',
    reload,
    reload,
  );
  const n = Number(values.count);
  const isValid = Number.isInteger(n) && n >= 1 && n <= WAITLIST_INVITE_MAX;
  const invited = action.data?.invited.length;
  return (
    <div className="space-y-3">
      <FormFrame
        aria-label="Invite from the waitlist"
        onSubmit={() => {
          setAlert(null);
          action.mutate(n);
        }}
        {...frame}
        submitLabel="Send invitations"
        pendingLabel="Inviting..."
        canSubmit={isValid}
        isInline
      >
        <TextField
          label="Invite the next"
          type="number"
          min={1}
          max={WAITLIST_INVITE_MAX}
          className="w-28"
          {...field('count')}
        />
      </FormFrame>
      <p role="status" className="text-muted text-sm">
        {invited !== undefined &&
          (invited === 0
            ? 'Nobody left to invite: every confirmed person has an invitation.'
            : `Invited ${invited} ${invited === 1 ? 'person' : 'people'}.`)}
      </p>
    </div>
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
