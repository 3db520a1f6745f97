import type { z } from 'zod';
import { DocTable } from './docs-prose.tsx';
import { schemaFields } from './schema-fields.ts';

const COLUMNS = ['Field', 'Type', 'Required', 'Default', 'Limits', 'Description'] as const;
const NONE = '—';

/** An endpoint's body fields, read from its zod schema: a table on wide screens, cards on phones. */
export function FieldTable({ schema, label }: { schema: z.ZodType; label: string }) {
  return (
    <DocTable
      label={label}
      columns={COLUMNS}
      wideOnPhones={[0, 4, 5]}
      rows={schemaFields(schema).map((row) => ({
        key: row.name,
        cells: [
          <code key="name" className="font-mono font-semibold">
            {row.name}
          </code>,
          <span key="type" className="text-muted">
            {row.type}
          </span>,
          <span key="required" className={row.required ? 'font-medium' : 'text-muted'}>
            {row.required ? 'Required' : 'Optional'}
          </span>,
          row.defaultValue === null ? (
            <span key="default" className="text-muted">
              {NONE}
            </span>
          ) : (
            <code key="default" className="font-mono">
              {row.defaultValue}
            </code>
          ),
          row.limits.length === 0 ? (
            <span key="limits" className="text-muted">
              {NONE}
            </span>
          ) : (
            <ul key="limits" className="space-y-0.5 text-muted">
              {row.limits.map((limit) => (
                <li key={limit} className="break-words">
                  {limit}
                </li>
              ))}
            </ul>
          ),
          row.description,
        ],
      }))}
    />
  );
}
