import { type ApiKey, KEY_TEXTS, keyLimitMessage } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DeleteKeyDialog } from './delete-key-dialog.tsx';
import { KeyDialog } from './key-dialog.tsx';
import { type KeyAction, KeyTable } from './key-table.tsx';
import { keysQuery } from './keys-api.ts';
import { RollKeyDialog } from './roll-key-dialog.tsx';
import { WebhookSecretCard } from './webhook-secret-card.tsx';

type OpenDialog = { kind: 'create' } | { kind: KeyAction; apiKey: ApiKey } | null;

/**
 * /app/api-keys: the keys in a table with their controls; create, edit, roll and delete dialogs;
 * the webhook secret.
 */
export function ApiKeysPage() {
  useDocumentTitle('API Keys');
  const keys = useQuery(keysQuery);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const quotaId = useId();
  const closeDialog = () => setDialog(null);

  const count = keys.data?.keys.length ?? 0;
  const max = keys.data?.maxApiKeys ?? 0;
  const isAtMax = keys.isSuccess && count >= max;

  return (
    <div className="max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle title="API Keys" lead="Create, limit, roll and revoke the keys your applications use." />
        {keys.isSuccess && (
          <div className="flex items-center gap-3">
            <p id={quotaId} className="text-muted text-sm">
              {count} of {max} keys
            </p>
            <Button
              onClick={() => setDialog({ kind: 'create' })}
              disabled={isAtMax}
              aria-describedby={quotaId}
            >
              <Plus aria-hidden="true" className="size-4" />
              Create key
            </Button>
          </div>
        )}
      </div>
      {isAtMax && <p className="text-muted text-sm">{keyLimitMessage(max)}</p>}
      <QueryContent
        query={keys}
        failedText={KEY_TEXTS.loadFailed}
        loading={<RowsSkeleton rows={2} rowClassName="h-16 rounded-2xl" />}
      >
        {(data) => (
          <>
            <KeyTable keys={data.keys} onAction={(kind, apiKey) => setDialog({ kind, apiKey })} />
            <WebhookSecretCard secret={data.webhookSecret} />
          </>
        )}
      </QueryContent>
      {dialog?.kind === 'create' && <KeyDialog onClose={closeDialog} />}
      {dialog?.kind === 'edit' && <KeyDialog apiKey={dialog.apiKey} onClose={closeDialog} />}
      {dialog?.kind === 'roll' && <RollKeyDialog apiKey={dialog.apiKey} onClose={closeDialog} />}
      {dialog?.kind === 'delete' && <DeleteKeyDialog apiKey={dialog.apiKey} onClose={closeDialog} />}
    </div>
  );
}
