import { type ApiKey, TEST_MODE_TEXTS } from '@conduit/contracts';
import { KeyRound, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatDate } from '../../lib/format.ts';
import { BudgetUsage } from './budget-usage.tsx';
import { Expiry, KeyValue, LastUsed, ServiceChips } from './key-cells.tsx';

export type KeyAction = 'edit' | 'roll' | 'delete';

const COLUMNS = [
  'Name',
  'Key',
  'Services',
  'Budget',
  'Last used',
  'Expires',
  'Created by',
  'Actions',
] as const;

const ACTIONS: { action: KeyAction; label: string; icon: ComponentType<{ className?: string }> }[] = [
  { action: 'edit', label: 'Edit', icon: Pencil },
  { action: 'roll', label: 'Roll', icon: RefreshCw },
  { action: 'delete', label: 'Delete', icon: Trash2 },
];

/** The columns between the name and "Created by": each shows one cell component of the key. */
const KEY_CELLS: {
  column: (typeof COLUMNS)[number];
  Content: ComponentType<{ apiKey: ApiKey }>;
  className?: string;
}[] = [
  { column: 'Key', Content: KeyValue, className: 'max-sm:col-span-2 sm:max-w-56' },
  { column: 'Services', Content: ServiceChips },
  { column: 'Budget', Content: BudgetUsage },
  { column: 'Last used', Content: LastUsed },
  { column: 'Expires', Content: Expiry },
];

/** A test key's mark: its calls are free and see test data only. */
function TestBadge() {
  return (
    <span className="ml-2 inline-block rounded-full border border-amber-500/60 bg-amber-500/10 px-2 py-0.5 align-middle font-medium text-amber-700 text-xs dark:text-amber-300">
      {TEST_MODE_TEXTS.badge}
    </span>
  );
}

function KeyRow({ apiKey, onAction }: { apiKey: ApiKey; onAction: (action: KeyAction) => void }) {
  return (
    <tr className={ROW_CLASSES}>
      <th
        scope="row"
        className="break-words px-3 py-3 align-top font-medium text-fg max-sm:col-span-2 max-sm:block max-sm:p-0"
      >
        {apiKey.keyName}
        {apiKey.mode === 'test' && <TestBadge />}
      </th>
      {KEY_CELLS.map(({ column, Content, className }) => (
        <Cell key={column} compact column={column} className={className}>
          <Content apiKey={apiKey} />
        </Cell>
      ))}
      <Cell compact column="Created by" className="min-w-0">
        {apiKey.createdBy ? (
          <span className="block sm:max-w-28 sm:truncate" title={apiKey.createdBy}>
            <EmailAddress email={apiKey.createdBy} />
          </span>
        ) : (
          <span className="text-muted">-</span>
        )}
        <span className="block text-muted text-xs">{formatDate(apiKey.createdAt)}</span>
      </Cell>
      <Cell compact column="Actions" className="max-sm:col-span-2">
        <div className="flex gap-1 sm:justify-end sm:gap-0">
          {ACTIONS.map(({ action, label, icon: Icon }) => (
            <Button
              key={action}
              variant="ghost"
              size="sm"
              className="sm:px-2"
              title={label}
              aria-label={`${label} key ${apiKey.keyName}`}
              onClick={() => onAction(action)}
            >
              <Icon aria-hidden="true" className="size-4" />
              <span className="sm:sr-only">{label}</span>
            </Button>
          ))}
        </div>
      </Cell>
    </tr>
  );
}

/** The workspace's keys, oldest first, one compact row each (stacked on phones), with their actions. */
export function KeyTable({
  keys,
  onAction,
}: {
  keys: ApiKey[];
  onAction: (action: KeyAction, apiKey: ApiKey) => void;
}) {
  if (keys.length === 0) {
    return (
      <div className="rounded-2xl border border-border border-dashed p-8 text-center">
        <KeyRound aria-hidden="true" className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-medium text-fg">No API keys yet</p>
        <p className="mt-1 text-muted text-sm">Create a key, then send it in the X-API-Key header.</p>
      </div>
    );
  }
  return (
    <CardTable compact label="API keys" columns={COLUMNS} endAligned={['Actions']}>
      {keys.map((apiKey) => (
        <KeyRow key={apiKey._id} apiKey={apiKey} onAction={(action) => onAction(action, apiKey)} />
      ))}
    </CardTable>
  );
}
