import type { ReactNode } from 'react';
import { CardTable, Cell, FigureCell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { formatCount } from '../../lib/format.ts';

interface SpendRow {
  calls: number;
  credits: number;
}

interface SpendTableProps<Row extends SpendRow> {
  /** What a row groups the calls by: the first column's heading ("Model", "Value"). */
  groupColumn: 'Model' | 'Value';
  rows: Row[];
  keyOf: (row: Row) => string;
  nameOf: (row: Row) => ReactNode;
  labelledBy: string;
}

/** Calls and net credits per group (a model, a metadata value), one row a group. */
export function SpendTable<Row extends SpendRow>({
  groupColumn,
  rows,
  keyOf,
  nameOf,
  labelledBy,
}: SpendTableProps<Row>) {
  return (
    <CardTable
      columns={[groupColumn, 'Calls', 'Credits']}
      endAligned={['Calls', 'Credits']}
      labelledBy={labelledBy}
    >
      {rows.map((row) => (
        <tr key={keyOf(row)} className={ROW_CLASSES}>
          <Cell column={groupColumn} className="text-fg max-sm:col-span-2">
            {nameOf(row)}
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
  );
}
