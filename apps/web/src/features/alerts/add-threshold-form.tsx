import { ALERT_TEXTS, BALANCE_ALERT_MAX_THRESHOLD } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { alertsApi, refreshAlerts } from './alerts-api.ts';

/** A whole number of credits from 1, as the server checks it. */
function thresholdError(value: string): string | undefined {
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) return ALERT_TEXTS.thresholdInvalid;
  if (Number(text) > BALANCE_ALERT_MAX_THRESHOLD) return ALERT_TEXTS.thresholdTooLarge;
  return undefined;
}

/** POST /api/alerts: one more threshold. */
export function AddThresholdForm() {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { field, frame, reset } = useSubmittedForm({
    initial: { threshold: '' },
    validators: { threshold: ({ threshold }) => thresholdError(threshold) },
    toBody: ({ threshold }) => Number(threshold.trim()),
    send: (threshold: number) => alertsApi.add(threshold),
    failedText: ALERT_TEXTS.addFailed,
    clearAlertOnEdit: true,
    onDone: (response) => {
      success({ title: response.message, message: ALERT_TEXTS.thresholdText(response.alert.threshold) });
      reset();
      void refreshAlerts(queryClient);
    },
  });
  return (
    <FormFrame
      {...frame}
      aria-label={ALERT_TEXTS.addSubmit}
      className="space-y-3"
      submitLabel={ALERT_TEXTS.addSubmit}
      pendingLabel={ALERT_TEXTS.addPending}
      icon={<Plus aria-hidden="true" className="size-4" />}
    >
      <TextField
        label={ALERT_TEXTS.thresholdLabel}
        inputMode="numeric"
        autoComplete="off"
        placeholder="20"
        {...field('threshold')}
      />
    </FormFrame>
  );
}
