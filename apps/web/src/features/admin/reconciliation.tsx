import {
  ADMIN_FIGURE_ROUTES,
  type AdminReconciliationResponse,
  type CallModel,
  type ReconciliationModel,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ModelName } from '../../components/ui/model-name.tsx';
import { CardTable, Cell, FigureCell, ROW_CLASSES, TitleCell } from '../../components/ui/stacked-table.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { adminReconciliationQuery } from './admin-api.ts';
import { featureLabel } from './admin-format.ts';
import { QueryView } from './admin-load-error.tsx';

export const RECONCILIATION_CSV_URL = ADMIN_FIGURE_ROUTES.reconciliationCsv.path;
const MODEL_COLUMNS = [
  'Model',
  'Calls',
  'Credits kept',
  'Earned',
  'Upstream cost',
  'Margin',
  'Refunded, billed',
] as const;
const DAY_COLUMNS = [
  'Day',
  'Service',
  'Model',
  'Calls',
  'Credits kept',
  'Upstream cost',
  'Margin',
  'Refunded, billed',
] as const;
const TASK_COLUMNS = [
  'Task',
  'Service',
  'Model',
  'Channel',
  'Created',
  'Refunded',
  'Billed upstream',
] as const;

/** The model's name in a row that names its service apart; Sora and LinkedIn have none. */
const modelText = (model: CallModel | null) => model?.name ?? 'none';
/** The price variant beside the model (`10s-sound`, `posts-1-10`); nothing for one price or before variants. */
const variantText = (variant: string | null) =>
  variant && variant !== 'all' ? <span className="text-muted text-xs"> {variant}</span> : null;

/** "$0.035", "-$1.20": millionths of a dollar, to the tenth of a cent below a dollar. */
export function formatMicros(micros: number): string {
  const dollars = Math.abs(micros) / 1_000_000;
  const text = dollars < 1 && dollars > 0 ? dollars.toFixed(3) : dollars.toFixed(2);
  return `${micros < 0 ? '-' : ''}$${text}`;
}

/** The whole window per service and model: what each model earned against what it cost upstream. */
function ModelTotals({ models }: { models: ReconciliationModel[] }) {
  return (
    <CardTable columns={MODEL_COLUMNS} label="Charged against billed upstream, by model">
      {models.map((row) => (
        <tr key={`${row.service}-${row.model?.id ?? ''}-${row.variant ?? ''}`} className={ROW_CLASSES}>
          <TitleCell column="Model">
            <ModelName service={row.service} model={row.model} />
            {variantText(row.variant)}
          </TitleCell>
          <FigureCell column="Calls">{formatCount(row.calls)}</FigureCell>
          <FigureCell column="Credits kept">
            {formatCount(row.creditsKept)} of {formatCount(row.creditsCharged)}
          </FigureCell>
          <FigureCell column="Earned">{formatMicros(row.earnedMicros)}</FigureCell>
          <FigureCell column="Upstream cost">{formatMicros(row.upstreamCostMicros)}</FigureCell>
          <FigureCell column="Margin" className={row.marginMicros < 0 ? 'text-danger' : 'text-fg'}>
            {formatMicros(row.marginMicros)}
          </FigureCell>
          <FigureCell column="Refunded, billed">{formatCount(row.refundedButBilled)}</FigureCell>
        </tr>
      ))}
    </CardTable>
  );
}

function ReconciliationView({ report }: { report: AdminReconciliationResponse }) {
  const titleId = useId();
  const listId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="font-semibold text-fg text-lg">
          Reconciliation, last 30 days
        </h2>
        <a href={RECONCILIATION_CSV_URL} download className="text-accent text-sm underline">
          Export CSV
        </a>
      </div>
      {report.days.length === 0 ? (
        <p className="text-muted text-sm">No settled calls in the last 30 days.</p>
      ) : (
        <>
          <ModelTotals models={report.models} />
          <CardTable columns={DAY_COLUMNS} label="Charged against billed upstream, by day, service and model">
            {report.days.map((day) => (
              <tr
                key={`${day.date}-${day.service}-${day.model?.id ?? ''}-${day.variant ?? ''}`}
                className={ROW_CLASSES}
              >
                <Cell column="Day" className="whitespace-nowrap text-fg">
                  {day.date}
                </Cell>
                <TitleCell column="Service">{featureLabel(day.service)}</TitleCell>
                <Cell column="Model" className="text-fg">
                  {modelText(day.model)}
                  {variantText(day.variant)}
                </Cell>
                <FigureCell column="Calls">{formatCount(day.calls)}</FigureCell>
                <FigureCell column="Credits kept">
                  {formatCount(day.creditsKept)} of {formatCount(day.creditsCharged)}
                </FigureCell>
                <FigureCell column="Upstream cost">{formatMicros(day.upstreamCostMicros)}</FigureCell>
                <FigureCell column="Margin" className={day.marginMicros < 0 ? 'text-danger' : 'text-fg'}>
                  {formatMicros(day.marginMicros)}
                </FigureCell>
                <FigureCell column="Refunded, billed">{formatCount(day.refundedButBilled)}</FigureCell>
              </tr>
            ))}
          </CardTable>
        </>
      )}
      <h3 id={listId} className="font-semibold text-fg">
        Refunded but billed upstream
      </h3>
      {report.refundedButBilled.length === 0 ? (
        <p className="text-muted text-sm">No refunded call was billed upstream.</p>
      ) : (
        <CardTable columns={TASK_COLUMNS} labelledBy={listId}>
          {report.refundedButBilled.map((task) => (
            <tr key={task.taskId} className={ROW_CLASSES}>
              <TitleCell column="Task">{task.taskId}</TitleCell>
              <Cell column="Service">{featureLabel(task.service)}</Cell>
              <Cell column="Model">{modelText(task.model)}</Cell>
              <Cell column="Channel">{task.channel ?? 'none'}</Cell>
              <Cell column="Created" className="whitespace-nowrap">
                {formatDateTime(task.createdAt)}
              </Cell>
              <FigureCell column="Refunded">{formatCount(task.creditsRefunded)} credits</FigureCell>
              <FigureCell column="Billed upstream">{formatMicros(task.upstreamCostMicros)}</FigureCell>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}

/** What we charged against what the upstreams billed (docs/admin-figures.md, "Reconciliation"). */
export function Reconciliation() {
  const report = useQuery(adminReconciliationQuery);
  return <QueryView query={report}>{(data) => <ReconciliationView report={data} />}</QueryView>;
}
