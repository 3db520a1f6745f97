import { DELIVERY_STATUSES, EVENT_TYPES, WEBHOOK_TEXTS } from '@conduit/contracts';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import type { DeliveryFilters } from './webhooks-api.ts';

const STATUS_OPTIONS = [
  { value: '', label: WEBHOOK_TEXTS.anyStatus },
  ...DELIVERY_STATUSES.map((status) => ({ value: status, label: WEBHOOK_TEXTS.statusLabels[status] })),
];
const TYPE_OPTIONS = [
  { value: '', label: WEBHOOK_TEXTS.anyType },
  ...EVENT_TYPES.map((type) => ({ value: type, label: type })),
];

/** The delivery log's filters; each change applies at once (they live in the page's URL). */
export function DeliveryFiltersForm({
  filters,
  onChange,
}: {
  filters: DeliveryFilters;
  onChange: (name: keyof DeliveryFilters, value: string) => void;
}) {
  return (
    <form
      aria-label="Filter deliveries"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField
        label={WEBHOOK_TEXTS.filterStatus}
        options={STATUS_OPTIONS}
        value={filters.status ?? ''}
        onChange={(event) => onChange('status', event.target.value)}
      />
      <SelectField
        label={WEBHOOK_TEXTS.filterType}
        options={TYPE_OPTIONS}
        value={filters.eventType ?? ''}
        onChange={(event) => onChange('eventType', event.target.value)}
      />
      <TextField
        label={WEBHOOK_TEXTS.filterFrom}
        type="date"
        value={filters.from ?? ''}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        label={WEBHOOK_TEXTS.filterTo}
        type="date"
        value={filters.to ?? ''}
        onChange={(event) => onChange('to', event.target.value)}
      />
    </form>
  );
}
