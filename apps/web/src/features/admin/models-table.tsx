import type { AdminModel } from '@conduit/contracts';
import { useState } from 'react';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminApi, adminModelsQuery } from './admin-api.ts';
import { featureLabel } from './admin-format.ts';
import { QueryColumn } from './admin-load-error.tsx';
import { MarginGuardTable } from './margin-guard-table.tsx';
import { EnabledBox, NumberOnLeave, useRowEdit } from './row-edit.tsx';

const COLUMNS = ['Model', 'Service', 'Enabled', 'Price (credits)', 'Default price', 'Upstream cost'] as const;
const dollars = (micros: number) => `$${(micros / 1_000_000).toFixed(3)}`;
/** What a change did, read out once the server answered: "Kling 2.6: on, 12 credits." */
const resultOf = (model: AdminModel) =>
  `${model.name}: ${model.enabled ? 'on' : 'off'}, ${formatCount(model.credits)} credits.`;

function ModelRow({
  model,
  onResult,
  acceptBelowCost,
}: {
  model: AdminModel;
  onResult: (text: string) => void;
  acceptBelowCost: boolean;
}) {
  const { field, enabledField } = useRowEdit(
    model.name,
    (body: { enabled?: boolean; credits?: number | null }) =>
      adminApi.updateModel(
        model.id,
        acceptBelowCost && body.credits !== undefined ? { ...body, acceptBelowCost: true } : body,
      ),
    (answer) => resultOf(answer.model),
    onResult,
  );
  return (
    <tr className={ROW_CLASSES}>
      <TitleCell column="Model">
        {model.name} <span className="text-muted text-xs">{model.id}</span>
      </TitleCell>
      <Cell column="Service" className="text-fg">
        {featureLabel(model.service)}
      </Cell>
      <Cell column="Enabled" className="text-fg">
        <EnabledBox {...enabledField(model.enabled)} />
      </Cell>
      <FigureCell column="Price (credits)">
        <NumberOnLeave
          {...field('credits', `${model.name} price in credits`, model.credits)}
          min={1}
          max={100000}
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
  const [result, setResult] = useState('');
  const [acceptBelowCost, setAcceptBelowCost] = useState(false);
  return (
    <QueryColumn options={adminModelsQuery} className="space-y-3">
      {(data) => (
        <>
          <CardTable columns={COLUMNS} label="Models">
            {data.models.map((model) => (
              <ModelRow
                key={`${model.id}:${model.credits}`}
                model={model}
                onResult={setResult}
                acceptBelowCost={acceptBelowCost}
              />
            ))}
          </CardTable>
          <p role="status" className="text-fg text-sm">
            {result}
          </p>
          <label className="flex items-center gap-2 text-fg text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={acceptBelowCost}
              onChange={(event) => setAcceptBelowCost(event.target.checked)}
            />
            Accept prices below cost (saved and audited)
          </label>
          <p className="text-muted text-xs">
            A disabled model is refused (400, nothing charged) and left out of GET /api/provider/models. A new
            price applies to the next call; quotes already given keep theirs. A price moves every variant of
            the model by the same number of credits.
          </p>
          <MarginGuardTable />
        </>
      )}
    </QueryColumn>
  );
}
