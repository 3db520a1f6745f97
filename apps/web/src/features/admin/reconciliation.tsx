import { ADMIN_FIGURE_ROUTES, type AdminReconciliationResponse } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ColumnTable } from '../../components/ui/column-table.tsx';
import { adminReconciliationQuery } from './admin-api.ts';
import { QueryView } from './admin-load-error.tsx';
import { DAY_COLUMNS, MODEL_COLUMNS, TASK_COLUMNS } from './reconciliation-columns.tsx';

export const RECONCILIATION_CSV_URL = ADMIN_FIGURE_ROUTES.reconciliationCsv.path;

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
          <ColumnTable
            columns={MODEL_COLUMNS}
            rows={report.models}
            rowKey={(row) => `${row.service}-${row.model?.id ?? ''}-${row.variant ?? ''}`}
            label="Charged against billed upstream, by model"
          />
          <ColumnTable
            columns={DAY_COLUMNS}
            rows={report.days}
            rowKey={(day) => `${day.date}-${day.service}-${day.model?.id ?? ''}-${day.variant ?? ''}`}
            label="Charged against billed upstream, by day, service and model"
          />
        </>
      )}
      <h3 id={listId} className="font-semibold text-fg">
        Refunded but billed upstream
      </h3>
      {report.refundedButBilled.length === 0 ? (
        <p className="text-muted text-sm">No refunded call was billed upstream.</p>
      ) : (
        <ColumnTable
          columns={TASK_COLUMNS}
          rows={report.refundedButBilled}
          rowKey={(task) => task.taskId}
          labelledBy={listId}
        />
      )}
    </section>
  );
}

/** What we charged against what the upstreams billed (docs/admin-figures.md, "Reconciliation"). */
export function Reconciliation() {
  const report = useQuery(adminReconciliationQuery);
  return <QueryView query={report}>{(data) => <ReconciliationView report={data} />}</QueryView>;
}
