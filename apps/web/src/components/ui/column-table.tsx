import type { ReactNode } from 'react';
import { CardTable, Cell, ROW_CLASSES } from './stacked-table.tsx';

/** One column of a `ColumnTable`: its heading (also each cell's label on phones), cell classes and content. */
export interface TableColumn<Row> {
  name: string;
  /** The cell's classes, or a function of the row for those that depend on it (a negative figure). */
  className?: string | ((row: Row) => string);
  /** The cell sits at the end (figures, actions), and so does its heading. */
  isEnd?: boolean;
  cell: (row: Row) => ReactNode;
}

/** A `CardTable` of one row per item, each column named once: heading, phone label and cell come from it. */
export function ColumnTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  labelledBy,
}: {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  label?: string;
  labelledBy?: string;
}) {
  return (
    <CardTable
      columns={columns.map((column) => column.name)}
      endAligned={columns.filter((column) => column.isEnd).map((column) => column.name)}
      label={label}
      labelledBy={labelledBy}
    >
      {rows.map((row) => (
        <tr key={rowKey(row)} className={ROW_CLASSES}>
          {columns.map((column) => (
            <Cell
              key={column.name}
              column={column.name}
              className={typeof column.className === 'function' ? column.className(row) : column.className}
            >
              {column.cell(row)}
            </Cell>
          ))}
        </tr>
      ))}
    </CardTable>
  );
}
