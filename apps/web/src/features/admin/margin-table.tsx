import { formatCents, type ModelMargin, type ServiceMargin } from '@conduit/contracts';
import { ModelName } from '../../components/ui/model-name.tsx';
import { CardTable, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';
import { featureLabel } from './admin-format.ts';

const FIGURES = ['Completed calls', 'Credits kept', 'Earned', 'Upstream cost', 'Gross margin'] as const;

/** "$1.25", "-$0.42": money in cents, a loss with its sign. */
export const formatSignedCents = (cents: number) =>
  cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents);

function MarginFigures({ row }: { row: ServiceMargin }) {
  return (
    <>
      <FigureCell column="Completed calls">{formatCount(row.calls)}</FigureCell>
      <FigureCell column="Credits kept">{formatCount(row.credits)}</FigureCell>
      <FigureCell column="Earned">{formatSignedCents(row.earned)}</FigureCell>
      <FigureCell column="Upstream cost">{formatSignedCents(row.upstreamCost)}</FigureCell>
      <FigureCell column="Gross margin" className={row.grossMargin < 0 ? 'text-danger' : 'text-fg'}>
        {formatSignedCents(row.grossMargin)}
      </FigureCell>
    </>
  );
}

/** Upstream cost and gross margin per service (docs/admin-figures.md, "Cost and margin"). */
export function MarginTable({ margins, label }: { margins: ServiceMargin[]; label: string }) {
  return (
    <CardTable columns={['Service', ...FIGURES]} label={label}>
      {margins.map((row) => (
        <tr key={row.service} className={ROW_CLASSES}>
          <TitleCell column="Service">{featureLabel(row.service)}</TitleCell>
          <MarginFigures row={row} />
        </tr>
      ))}
    </CardTable>
  );
}

/** The same per service, model and price variant (docs/admin-figures.md, "By model"); nothing when no model was used. */
export function ModelMarginTable({ margins, label }: { margins: ModelMargin[]; label: string }) {
  if (margins.length === 0) return null;
  return (
    <CardTable columns={['Model', ...FIGURES]} label={label}>
      {margins.map((row) => (
        <tr key={`${row.service}-${row.model?.id ?? ''}-${row.variant ?? ''}`} className={ROW_CLASSES}>
          <TitleCell column="Model">
            <ModelName service={row.service} model={row.model} />
            {row.variant && row.variant !== 'all' ? (
              <span className="text-muted text-xs"> {row.variant}</span>
            ) : null}
          </TitleCell>
          <MarginFigures row={row} />
        </tr>
      ))}
    </CardTable>
  );
}
