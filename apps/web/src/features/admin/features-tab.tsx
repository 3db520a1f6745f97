import {
  type AdminFeaturesResponse,
  FEATURE_ERROR_RATE_GOOD_BELOW,
  type ModelFeatureStats,
} from '@conduit/contracts';
import { Star } from 'lucide-react';
import { ModelName } from '../../components/ui/model-name.tsx';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { RateBadge } from '../../components/ui/status-badge.tsx';
import { formatCount } from '../../lib/format.ts';
import { formatCompact } from '../../lib/format-compact.ts';
import { adminFeaturesQuery } from './admin-api.ts';
import { featureLabel, formatPercent } from './admin-format.ts';
import { QueryColumn } from './admin-load-error.tsx';
import { MarginTable, ModelMarginTable } from './margin-table.tsx';

export const NO_RATINGS = 'No ratings yet';
const COLUMNS = ['Service', 'Users', 'Actions', 'Average rating', 'Error rate'] as const;
const MODEL_COLUMNS = ['Model', 'Actions', 'Average rating', 'Error rate'] as const;

type Feature = AdminFeaturesResponse['features'][number];

/** A count abbreviated K/M, the exact figure on hover. */
function Count({ value }: { value: number }) {
  const text = formatCompact(value);
  return <span title={text === formatCount(value) ? undefined : formatCount(value)}>{text}</span>;
}

function Rating({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted">{NO_RATINGS}</span>;
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Star aria-hidden="true" className="size-4 fill-warning text-warning" />
      {value.toFixed(1)}
      <span className="text-muted">/ 5</span>
    </span>
  );
}

function ErrorRate({ rate }: { rate: number }) {
  return (
    <span className="inline-flex items-center gap-2 tabular-nums">
      {formatPercent(rate)}
      <RateBadge rate={rate} goodBelow={FEATURE_ERROR_RATE_GOOD_BELOW} />
    </span>
  );
}

/** Actions, average rating and error rate: the cells a service's row and a model's row share. */
function UseCells({ use }: { use: Pick<Feature, 'totalActions' | 'averageRating' | 'errorRate'> }) {
  return (
    <>
      <FigureCell column="Actions">
        <Count value={use.totalActions} />
      </FigureCell>
      <Cell column="Average rating" className="text-fg">
        <Rating value={use.averageRating} />
      </Cell>
      <Cell column="Error rate" className="text-fg">
        <ErrorRate rate={use.errorRate} />
      </Cell>
    </>
  );
}

function FeaturesTable({ features }: { features: Feature[] }) {
  return (
    <CardTable columns={COLUMNS} label="Feature usage">
      {features.map((feature) => (
        <tr key={feature.feature} className={ROW_CLASSES}>
          <TitleCell column="Service">{featureLabel(feature.feature)}</TitleCell>
          <FigureCell column="Users">
            <Count value={feature.totalUsers} />
          </FigureCell>
          <UseCells use={feature} />
        </tr>
      ))}
    </CardTable>
  );
}

/** The same per service and model (docs/admin-figures.md, "By model"), without users. */
function ModelFeaturesTable({ models }: { models: ModelFeatureStats[] }) {
  if (models.length === 0) return null;
  return (
    <CardTable columns={MODEL_COLUMNS} label="Use by model, last 30 days">
      {models.map((row) => (
        <tr key={`${row.service}-${row.model?.id ?? ''}`} className={ROW_CLASSES}>
          <TitleCell column="Model">
            <ModelName service={row.service} model={row.model} />
          </TitleCell>
          <UseCells use={row} />
        </tr>
      ))}
    </CardTable>
  );
}

/**
 * The feature item (docs/product.md, "Data the screens show"): per paid service, who uses it, how
 * much, how it rates and fails; then per model, and what each service and model earned against
 * what the upstreams charged.
 */
export function FeaturesTab() {
  return (
    <QueryColumn options={adminFeaturesQuery} className="space-y-3">
      {(data) => (
        <>
          <FeaturesTable features={data.features} />
          <ModelFeaturesTable models={data.models} />
          <MarginTable margins={data.margins} label="Upstream cost and gross margin, last 30 days" />
          <ModelMarginTable
            margins={data.modelMargins}
            label="Upstream cost and gross margin by model, last 30 days"
          />
          <p className="text-muted text-xs">
            Users and actions count every paid call, whatever became of it (per model, the model the call
            named or its service's default); the rating is the mean of users' 1-5 ratings of their results;
            the error rate is the share of settled calls that failed (good under{' '}
            {FEATURE_ERROR_RATE_GOOD_BELOW}%). The margin table counts completed calls only (the ones kept and
            billed), so its calls are fewer than the actions above by the failed, refunded and running ones.
            Earned values the credits kept at the average price paid per credit; gross margin is earned less
            what the upstreams charge for the completed calls.
          </p>
        </>
      )}
    </QueryColumn>
  );
}
