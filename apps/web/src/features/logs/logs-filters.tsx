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

type SearchName = 'q' | 'metadataKey' | 'metadataValue';
/** The search box and the metadata pair: typed first, applied together by Search. */
const SEARCH_FIELDS: {
  name: SearchName;
  label: string;
  placeholder: string;
  maxLength?: number;
  className: string;
}[] = [
  {
    name: 'q',
    label: REQUEST_LOG_TEXTS.searchLabel,
    placeholder: 'req_... or task_...',
    className: 'min-w-0 flex-1 sm:max-w-md',
  },
  {
    name: 'metadataKey',
    label: METADATA_KEY_FILTER_LABEL,
    placeholder: 'customer',
    maxLength: METADATA_LIMITS.keyMaxLength,
    className: 'min-w-0 sm:w-40',
  },
  {
    name: 'metadataValue',
    label: METADATA_VALUE_FILTER_LABEL,
    placeholder: 'any value',
    maxLength: METADATA_LIMITS.valueMaxLength,
    className: 'min-w-0 sm:w-40',
  },
];

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
  const [typed, setTyped] = useState<Record<SearchName, string>>({
    q: filters.q ?? '',
    metadataKey: filters.metadataKey ?? '',
    metadataValue: filters.metadataValue ?? '',
  });
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
    const key = typed.metadataKey.trim();
    const entered = { q: typed.q.trim(), metadataKey: key, metadataValue: key ? typed.metadataValue : '' };
    for (const [name, value] of Object.entries(entered)) {
      if (value) next[name] = value;
      else delete next[name];
    }
    onApply(next);
  };
  const keyOptions = [ANY, ...(keys.data?.keys ?? []).map((key) => ({ value: key._id, label: key.keyName }))];
  const selects = [
    { name: 'keyId', label: 'Key', options: keyOptions },
    { name: 'service', label: 'Service', options: SERVICE_OPTIONS },
    { name: 'statusClass', label: 'Status', options: STATUS_OPTIONS },
    { name: 'code', label: 'Error code', options: CODE_OPTIONS },
  ];
  return (
    <div className="space-y-4">
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-3">
          {SEARCH_FIELDS.map(({ name, ...field }) => (
            <TextField
              key={name}
              {...field}
              value={typed[name]}
              onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
            />
          ))}
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {selects.map(({ name, label, options }) => (
          <SelectField
            key={name}
            label={label}
            options={options}
            value={filters[name] ?? ''}
            onChange={(e) => set(name, e.target.value)}
          />
        ))}
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
