import {
  ERROR_CODES,
  METADATA_LIMITS,
  REQUEST_LOG_TEXTS,
  SERVICE_LABELS,
  SERVICES,
  STATUS_CLASSES,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { keysQuery } from '../api-keys/keys-api.ts';
import type { LogFilters } from './logs-api.ts';

const ANY = { value: '', label: 'Any' };
export const METADATA_KEY_FILTER_LABEL = 'Metadata key';
export const METADATA_VALUE_FILTER_LABEL = 'Metadata value';
const SERVICE_OPTIONS = [
  ANY,
  ...SERVICES.map((service) => ({ value: service, label: SERVICE_LABELS[service] })),
];
const STATUS_OPTIONS = [
  ANY,
  ...STATUS_CLASSES.map((statusClass) => ({ value: statusClass, label: statusClass })),
];
const CODE_OPTIONS = [ANY, ...Object.values(ERROR_CODES).map((code) => ({ value: code, label: code }))];

/** A `YYYY-MM-DD` day of the browser's calendar as the instant it starts, for `from` and `to`. */
const dayStart = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + plusDays).toISOString();
};
/** The day (in the browser's calendar) an instant of the URL falls on, for the date inputs. */
const dayOf = (iso: string | undefined, minusDays = 0) => {
  if (!iso) return '';
  const at = new Date(new Date(iso).getTime() - minusDays * 86_400_000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
};

/** Filters and search of the Logs page; applying them writes them to the URL. */
export function LogsFilters({
  filters,
  onApply,
}: {
  filters: LogFilters;
  onApply: (next: LogFilters) => void;
}) {
  const keys = useQuery(keysQuery);
  const [q, setQ] = useState(filters.q ?? '');
  const [metadataKey, setMetadataKey] = useState(filters.metadataKey ?? '');
  const [metadataValue, setMetadataValue] = useState(filters.metadataValue ?? '');
  const set = (name: string, value: string) => {
    const next = { ...filters };
    if (value) next[name] = value;
    else delete next[name];
    onApply(next);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    // The search box and the metadata pair apply together; a value without its key means nothing.
    const next: LogFilters = { ...filters };
    const key = metadataKey.trim();
    const entered = { q: q.trim(), metadataKey: key, metadataValue: key ? metadataValue : '' };
    for (const [name, value] of Object.entries(entered)) {
      if (value) next[name] = value;
      else delete next[name];
    }
    onApply(next);
  };
  const keyOptions = [ANY, ...(keys.data?.keys ?? []).map((key) => ({ value: key._id, label: key.keyName }))];
  return (
    <div className="space-y-4">
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          <TextField
            label={REQUEST_LOG_TEXTS.searchLabel}
            value={q}
            onChange={(event) => setQ(event.target.value)}
            placeholder="req_... or task_..."
            className="min-w-0 flex-1 sm:max-w-md"
          />
          <TextField
            label={METADATA_KEY_FILTER_LABEL}
            value={metadataKey}
            onChange={(event) => setMetadataKey(event.target.value)}
            placeholder="customer"
            maxLength={METADATA_LIMITS.keyMaxLength}
            className="min-w-0 sm:w-40"
          />
          <TextField
            label={METADATA_VALUE_FILTER_LABEL}
            value={metadataValue}
            onChange={(event) => setMetadataValue(event.target.value)}
            placeholder="any value"
            maxLength={METADATA_LIMITS.valueMaxLength}
            className="min-w-0 sm:w-40"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <SelectField
          label="Key"
          options={keyOptions}
          value={filters.keyId ?? ''}
          onChange={(e) => set('keyId', e.target.value)}
        />
        <SelectField
          label="Service"
          options={SERVICE_OPTIONS}
          value={filters.service ?? ''}
          onChange={(e) => set('service', e.target.value)}
        />
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={filters.statusClass ?? ''}
          onChange={(e) => set('statusClass', e.target.value)}
        />
        <SelectField
          label="Error code"
          options={CODE_OPTIONS}
          value={filters.code ?? ''}
          onChange={(e) => set('code', e.target.value)}
        />
        <TextField
          label="From"
          type="date"
          value={dayOf(filters.from)}
          onChange={(e) => set('from', e.target.value && dayStart(e.target.value))}
        />
        <TextField
          label="To"
          type="date"
          value={dayOf(filters.to, 1)}
          onChange={(e) => set('to', e.target.value && dayStart(e.target.value, 1))}
        />
      </div>
    </div>
  );
}
