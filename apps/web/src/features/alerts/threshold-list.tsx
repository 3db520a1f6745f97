import { ALERT_TEXTS, type BalanceAlert } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { RowActionButton } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { alertsApi, refreshAlerts } from './alerts-api.ts';

/** The thresholds, highest first, each with its state; a Remove button for those who may edit. */
export function ThresholdList({ alerts, canEdit }: { alerts: BalanceAlert[]; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { action: remove, alert } = useFormAction(
    (id: string) => alertsApi.remove(id),
    ALERT_TEXTS.removeFailed,
    (response, id) => {
      const removed = alerts.find((item) => item.id === id);
      success({
        message: removed
          ? `${response.message}: ${ALERT_TEXTS.thresholdText(removed.threshold)}`
          : response.message,
      });
      void refreshAlerts(queryClient);
    },
  );

  if (alerts.length === 0) return <p className="text-muted text-sm">{ALERT_TEXTS.empty}</p>;
  return (
    <div className="space-y-2">
      {alert && <FormAlert>{alert}</FormAlert>}
      <ul className="divide-y divide-border rounded-xl border border-border">
        {alerts.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
            <div className="min-w-0">
              <p className="font-medium text-fg">{ALERT_TEXTS.thresholdText(item.threshold)}</p>
              <p className="text-muted text-xs">
                {item.isArmed ? ALERT_TEXTS.armed : ALERT_TEXTS.belowNow}
                {item.lastFiredAt && ` · last sent ${formatDateTime(item.lastFiredAt)}`}
              </p>
            </div>
            {canEdit && (
              <RowActionButton
                label={ALERT_TEXTS.removeLabel(item.threshold)}
                icon={Trash2}
                isBusy={remove.isPending}
                onClick={() => remove.mutate(item.id)}
              >
                Remove
              </RowActionButton>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
