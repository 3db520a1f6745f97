import type { AdminModel } from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminApi, adminModelsQuery, refreshAdminData } from './admin-api.ts';
import { featureLabel } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';
import { NumberOnLeave } from './number-on-leave.tsx';

const COLUMNS = ['Model', 'Service', 'Enabled', 'Price (credits)', 'Default price', 'Upstream cost'] as const;
const dollars = (micros: number) => `$${(micros / 1_000_000).toFixed(3)}`;
/** What a change did, read out once the server answered: "Kling 2.6: on, 12 credits." */
const resultOf = (model: AdminModel) =>
  `${model.name}: ${model.enabled ? 'on' : 'off'}, ${formatCount(model.credits)} credits.`;

function ModelRow({ model, onResult }: { model: AdminModel; onResult: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const update = useMutation({
    mutationFn: (body: { enabled?: boolean; credits?: number | null }) =>
      adminApi.updateModel(model.id, body),
    onSuccess: (data) => onResult(resultOf(data.model)),
    onError: (error) => onResult(`${model.name} was not changed: ${error.message}`),
    onSettled: async () => {
      await refreshAdminData(queryClient);
      setWanted(null);
    },
  });
  return (
    <tr className={ROW_CLASSES}>
      <TitleCell column="Model">
        {model.name} <span className="text-muted text-xs">{model.id}</span>
      </TitleCell>
      <Cell column="Service" className="text-fg">
        {featureLabel(model.service)}
      </Cell>
      <Cell column="Enabled" className="text-fg">
        <input
          type="checkbox"
          aria-label={`${model.name} enabled`}
          checked={wanted ?? model.enabled}
          className="size-5 align-middle accent-primary"
          disabled={update.isPending}
          onChange={(event) => {
            setWanted(event.target.checked);
            update.mutate({ enabled: event.target.checked });
          }}
        />
      </Cell>
      <FigureCell column="Price (credits)">
        <NumberOnLeave
          label={`${model.name} price in credits`}
          value={model.credits}
          min={1}
          max={100000}
          disabled={update.isPending}
          onSave={(credits) => update.mutate({ credits })}
        />
      </FigureCell>
      <FigureCell column="Default price">{formatCount(model.defaultCredits)}</FigureCell>
      <FigureCell column="Upstream cost">{dollars(model.upstreamMicros)}</FigureCell>
    </tr>
  );
}

/**
 * The model catalogue (docs/product.md, "Models"): each image and video model, on or off, and its
 * price in credits; each change is in the audit log, and a quote already given keeps its price.
 */
export function ModelsTable() {
  const models = useQuery(adminModelsQuery);
  const [result, setResult] = useState('');
  return (
    <QueryView query={models}>
      {(data) => (
        <div className="space-y-3">
          <CardTable columns={COLUMNS} label="Models">
            {data.models.map((model) => (
              <ModelRow key={`${model.id}:${model.credits}`} model={model} onResult={setResult} />
            ))}
          </CardTable>
          <p role="status" className="text-fg text-sm">
            {result}
          </p>
          <p className="text-muted text-xs">
            A disabled model is refused (400, nothing charged) and left out of GET /api/provider/models. A new
            price applies to the next call; quotes already given keep theirs.
          </p>
        </div>
      )}
    </QueryView>
  );
}
