import type { z } from 'zod';
import { Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { schemaFields } from './schema-fields.ts';

const COLUMNS = ['Field', 'Type', 'Required', 'Default', 'Limits', 'Description'] as const;

/** An endpoint's body fields, read from its zod schema: a table on wide screens, cards on phones. */
export function FieldTable({ schema, label }: { schema: z.ZodType; label: string }) {
  const rows = schemaFields(schema);
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table aria-label={label} className="w-full text-left text-sm max-sm:block">
        <thead className="border-border border-b max-sm:sr-only">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2.5 font-medium text-muted text-xs">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.map((row) => (
            <tr key={row.name} className={ROW_CLASSES}>
              <Cell column="Field" compact className="max-sm:col-span-2">
                <code className="font-mono font-semibold text-fg">{row.name}</code>
              </Cell>
              <Cell column="Type" compact className="text-muted">
                {row.type}
              </Cell>
              <Cell column="Required" compact className={row.required ? 'font-medium text-fg' : 'text-muted'}>
                {row.required ? 'Required' : 'Optional'}
              </Cell>
              <Cell column="Default" compact className="text-muted">
                {row.defaultValue === null ? (
                  '—'
                ) : (
                  <code className="font-mono text-fg">{row.defaultValue}</code>
                )}
              </Cell>
              <Cell column="Limits" compact className="text-muted max-sm:col-span-2">
                {row.limits.length === 0 ? (
                  '—'
                ) : (
                  <ul className="space-y-0.5">
                    {row.limits.map((limit) => (
                      <li key={limit} className="break-words">
                        {limit}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
              <Cell column="Description" compact className="text-fg max-sm:col-span-2">
                {row.description}
              </Cell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
