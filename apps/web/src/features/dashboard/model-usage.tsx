import { type ModelUsage, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { ModelName } from '../../components/ui/model-name.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { CardTable, Cell, FigureCell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';

export const MODEL_USAGE_TITLE = 'Usage by model';
const COLUMNS = ['Model', 'Calls', 'Credits'] as const;

/**
 * The last 30 days' calls and net credits per model (docs/product.md, "Usage by model"): totals
 * only, so every role sees them, billing members too.
 */
export function ModelUsageTable({ rows }: { rows: ModelUsage[] }) {
  return (
    <PageSection
      title={MODEL_USAGE_TITLE}
      summary={`Calls and credits per model in the last ${USAGE_WINDOW_DAYS} days, refunds deducted.`}
    >
      {(headingId) => (
        <div className="mt-4">
          {rows.length === 0 ? (
            <p className="text-muted text-sm">No calls in these days yet.</p>
          ) : (
            <CardTable columns={COLUMNS} endAligned={['Calls', 'Credits']} labelledBy={headingId}>
              {rows.map((row) => (
                <tr key={`${row.service}-${row.model?.id ?? ''}`} className={ROW_CLASSES}>
                  <Cell column="Model" className="text-fg max-sm:col-span-2">
                    <ModelName service={row.service} model={row.model} />
                  </Cell>
                  <FigureCell column="Calls" className="text-fg sm:text-right">
                    {formatCount(row.calls)}
                  </FigureCell>
                  <FigureCell column="Credits" className="text-fg sm:text-right">
                    {formatCount(row.credits)}
                  </FigureCell>
                </tr>
              ))}
            </CardTable>
          )}
        </div>
      )}
    </PageSection>
  );
}
