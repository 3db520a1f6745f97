import type {
  CallModel,
  ReconciliationDay,
  ReconciliationModel,
  RefundedBilledTask,
} from '@conduit/contracts';
import type { TableColumn } from '../../components/ui/column-table.tsx';
import { ModelName } from '../../components/ui/model-name.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { featureLabel } from './admin-format.ts';

/** `TitleCell`'s and `FigureCell`'s classes. */
const TITLE = 'font-medium text-fg max-sm:col-span-2';
const FIGURE = 'tabular-nums text-fg';

/** "$0.035", "-$1.20": millionths of a dollar, to the tenth of a cent below a dollar. */
export function formatMicros(micros: number): string {
  const dollars = Math.abs(micros) / 1_000_000;
  const text = dollars < 1 && dollars > 0 ? dollars.toFixed(3) : dollars.toFixed(2);
  return `${micros < 0 ? '-' : ''}$${text}`;
}

/** The model's name in a row that names its service apart; Sora and LinkedIn have none. */
const modelText = (model: CallModel | null) => model?.name ?? 'none';
/** The price variant beside the model (`10s-sound`, `posts-1-10`); nothing for one price or before variants. */
const variantText = (variant: string | null) =>
  variant && variant !== 'all' ? <span className="text-muted text-xs"> {variant}</span> : null;

/** What a model's window and a day both count: calls and credits kept. */
const KEPT: TableColumn<ReconciliationDay | ReconciliationModel>[] = [
  { name: 'Calls', className: FIGURE, cell: (row) => formatCount(row.calls) },
  {
    name: 'Credits kept',
    className: FIGURE,
    cell: (row) => `${formatCount(row.creditsKept)} of ${formatCount(row.creditsCharged)}`,
  },
];

/** ...and what the upstreams billed against it. */
const COST: TableColumn<ReconciliationDay | ReconciliationModel>[] = [
  { name: 'Upstream cost', className: FIGURE, cell: (row) => formatMicros(row.upstreamCostMicros) },
  {
    name: 'Margin',
    className: (row) => `tabular-nums ${row.marginMicros < 0 ? 'text-danger' : 'text-fg'}`,
    cell: (row) => formatMicros(row.marginMicros),
  },
  { name: 'Refunded, billed', className: FIGURE, cell: (row) => formatCount(row.refundedButBilled) },
];

export const MODEL_COLUMNS: TableColumn<ReconciliationModel>[] = [
  {
    name: 'Model',
    className: TITLE,
    cell: (row) => (
      <>
        <ModelName service={row.service} model={row.model} />
        {variantText(row.variant)}
      </>
    ),
  },
  ...KEPT,
  { name: 'Earned', className: FIGURE, cell: (row) => formatMicros(row.earnedMicros) },
  ...COST,
];

export const DAY_COLUMNS: TableColumn<ReconciliationDay>[] = [
  { name: 'Day', className: 'whitespace-nowrap text-fg', cell: (day) => day.date },
  { name: 'Service', className: TITLE, cell: (day) => featureLabel(day.service) },
  {
    name: 'Model',
    className: 'text-fg',
    cell: (day) => (
      <>
        {modelText(day.model)}
        {variantText(day.variant)}
      </>
    ),
  },
  ...KEPT,
  ...COST,
];

export const TASK_COLUMNS: TableColumn<RefundedBilledTask>[] = [
  { name: 'Task', className: TITLE, cell: (task) => task.taskId },
  { name: 'Service', cell: (task) => featureLabel(task.service) },
  { name: 'Model', cell: (task) => modelText(task.model) },
  { name: 'Channel', cell: (task) => task.channel ?? 'none' },
  { name: 'Created', className: 'whitespace-nowrap', cell: (task) => formatDateTime(task.createdAt) },
  { name: 'Refunded', className: FIGURE, cell: (task) => `${formatCount(task.creditsRefunded)} credits` },
  { name: 'Billed upstream', className: FIGURE, cell: (task) => formatMicros(task.upstreamCostMicros) },
];
