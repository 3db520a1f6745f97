import {
  carriesTaskEvents,
  EVENT_TYPES,
  type EventType,
  WEBHOOK_TEXTS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookTestResponse,
} from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/form-controls.tsx';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useFormAction, useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { alertsApi, refreshAlerts } from './alerts-api.ts';

/** Empty (to remove the endpoint) or an http(s) URL; the server also checks it is a public address. */
function urlError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : WEBHOOK_TEXTS.urlInvalid;
  } catch {
    return WEBHOOK_TEXTS.urlInvalid;
  }
}

/** The workspace's webhook endpoint: save it (empty removes it) and send a signed test event to it. */
export function WebhookEndpointForm({
  webhookUrl,
  eventTypes,
  disabledAt,
  canEdit,
  offersTaskEvents,
}: {
  webhookUrl: string | null;
  /** The event types the endpoint receives. */
  eventTypes: readonly EventType[];
  /** When it was switched off for failing; null while it is on. */
  disabledAt: string | null;
  canEdit: boolean;
  /** Whether the member may choose task events (a role that sees calls; not billing). */
  offersTaskEvents: boolean;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<EventType>>(() => new Set(eventTypes));
  const { success } = useNotify();
  const [outcome, setOutcome] = useState<WebhookTestResponse | null>(null);
  const { field, frame, values } = useSubmittedForm({
    initial: { webhookUrl: webhookUrl ?? '' },
    validators: { webhookUrl: ({ webhookUrl: value }) => urlError(value) },
    toBody: ({ webhookUrl: value }) => value.trim() || null,
    send: (url: string | null) =>
      alertsApi.setEndpoint(
        url,
        chosen.size > 0 ? EVENT_TYPES.filter((type) => chosen.has(type)) : undefined,
      ),
    failedText: WEBHOOK_TEXTS.saveFailed,
    fieldOfServerError: (requestField) => (requestField === 'webhookUrl' ? 'webhookUrl' : undefined),
    clearAlertOnEdit: true,
    onDone: (response) => {
      success({ message: response.message });
      setOutcome(null);
      void refreshAlerts(queryClient);
    },
  });
  const { action: test, alert: testAlert } = useFormAction(
    () => alertsApi.testEndpoint(),
    WEBHOOK_TEXTS.testFailed,
    (response) => setOutcome(response),
    () => setOutcome(null),
  );

  if (!canEdit) {
    return (
      <div>
        <h3 className="font-semibold text-fg">{WEBHOOK_TEXTS.endpointTitle}</h3>
        <p className="mt-1 break-all text-muted text-sm">{webhookUrl ?? WEBHOOK_TEXTS.noEndpoint}</p>
      </div>
    );
  }
  const isSaved = webhookUrl !== null && values.webhookUrl.trim() === webhookUrl;
  return (
    <div className="space-y-3">
      <FormFrame
        {...frame}
        title={WEBHOOK_TEXTS.endpointTitle}
        submitLabel={WEBHOOK_TEXTS.saveSubmit}
        pendingLabel={WEBHOOK_TEXTS.savePending}
        variant="secondary"
        className="space-y-3"
        secondary={
          <Button
            variant="secondary"
            disabled={!isSaved || test.isPending}
            onClick={() => {
              setOutcome(null);
              test.mutate();
            }}
          >
            <Send aria-hidden="true" className="size-4" />
            {test.isPending ? WEBHOOK_TEXTS.testPending : WEBHOOK_TEXTS.testButton}
          </Button>
        }
      >
        <TextField
          label={WEBHOOK_TEXTS.urlLabel}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://example.com/webhooks/conduit"
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          help={WEBHOOK_TEXTS.endpointHelp}
          {...field('webhookUrl')}
        />
        <fieldset className="space-y-2">
          <legend className="font-medium text-fg text-sm">{WEBHOOK_TEXTS.eventTypesLabel}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {EVENT_TYPES.filter(
              (type) => type !== 'webhook.test' && (offersTaskEvents || !carriesTaskEvents([type])),
            ).map((type) => (
              <CheckboxField
                key={type}
                label={type}
                checked={chosen.has(type)}
                onChange={(event) => {
                  const next = new Set(chosen);
                  if (event.target.checked) next.add(type);
                  else next.delete(type);
                  setChosen(next);
                }}
              />
            ))}
          </div>
        </fieldset>
      </FormFrame>
      {disabledAt && (
        <p className="text-danger text-sm">{WEBHOOK_TEXTS.disabled(formatDateTime(disabledAt))}</p>
      )}
      <p
        role="status"
        className={`text-sm ${outcome && !outcome.isDelivered ? 'text-danger' : 'text-muted'} ${
          outcome || testAlert ? '' : 'sr-only'
        }`}
      >
        {outcome?.message ?? testAlert ?? ''}
      </p>
    </div>
  );
}
