import type { ReactNode } from 'react';
import { ColumnTable, type TableColumn } from '../../components/ui/column-table.tsx';
import { formatCount } from '../../lib/format.ts';

/** A figure's cell (`FigureCell`'s classes), at the end of the row. */
const FIGURE = 'tabular-nums text-fg sm:text-right';

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
  const columns: TableColumn<Row>[] = [
    { name: groupColumn, className: 'text-fg max-sm:col-span-2', cell: nameOf },
    { name: 'Calls', className: FIGURE, isEnd: true, cell: (row) => formatCount(row.calls) },
    { name: 'Credits', className: FIGURE, isEnd: true, cell: (row) => formatCount(row.credits) },
  ];
  return <ColumnTable columns={columns} rows={rows} rowKey={keyOf} labelledBy={labelledBy} />;
}
