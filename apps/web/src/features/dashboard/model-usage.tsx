import { type ModelUsage, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { ModelName } from '../../components/ui/model-name.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { SpendTable } from './spend-table.tsx';

export const MODEL_USAGE_TITLE = 'Usage by model';

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
            <SpendTable
              groupColumn="Model"
              rows={rows}
              keyOf={(row) => `${row.service}-${row.model?.id ?? ''}`}
              nameOf={(row) => <ModelName service={row.service} model={row.model} />}
              labelledBy={headingId}
            />
          )}
        </div>
      )}
    </PageSection>
  );
}
