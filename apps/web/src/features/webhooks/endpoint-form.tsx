import {
  ACCOUNT_EVENT_TYPES,
  type EventType,
  TASK_EVENT_TYPES,
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
import { useFormAction, useSubmittedForm } from '../../lib/use-form-action.ts';
import { alertsApi, refreshAlerts } from '../alerts/alerts-api.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { isLocalUrl } from './endpoint-access.ts';
import { DELIVERIES_QUERY_KEY } from './webhooks-api.ts';

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

function EventGroup({
  legend,
  types,
  chosen,
  disabled,
  help,
  onToggle,
}: {
  legend: string;
  types: readonly EventType[];
  chosen: ReadonlySet<EventType>;
  disabled: boolean;
  help?: string;
  onToggle: (type: EventType, isOn: boolean) => void;
}) {
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="font-medium text-muted text-xs uppercase tracking-wide">{legend}</legend>
      {help && <p className="text-muted text-xs">{help}</p>}
      <div className="grid gap-2 sm:grid-cols-2">
        {types.map((type) => (
          <CheckboxField
            key={type}
            label={type}
            checked={chosen.has(type)}
            onChange={(event) => onToggle(type, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The workspace's webhook endpoint: its URL (empty removes it), the event types it receives, and
 * "Send test event", whose delivery then shows in the log below. A local or private URL is named
 * as such while it is typed, since the server refuses it.
 */
export function EndpointForm({
  webhookUrl,
  eventTypes,
  canChooseTaskEvents,
}: {
  webhookUrl: string | null;
  eventTypes: readonly EventType[];
  canChooseTaskEvents: boolean;
}) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ReadonlySet<EventType>>(() => new Set(eventTypes));
  const { success } = useNotify();
  const [outcome, setOutcome] = useState<WebhookTestResponse | null>(null);
  const { field, frame, values } = useSubmittedForm({
    initial: { webhookUrl: webhookUrl ?? '' },
    validators: { webhookUrl: ({ webhookUrl: value }) => urlError(value) },
    toBody: ({ webhookUrl: value }) => value.trim() || null,
    send: (url: string | null) => alertsApi.setEndpoint(url, chosen.size > 0 ? [...chosen] : undefined),
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
    (response) => {
      setOutcome(response);
      void queryClient.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY });
    },
    () => setOutcome(null),
  );
  const toggle = (type: EventType, isOn: boolean) => {
    const next = new Set(chosen);
    if (isOn) next.add(type);
    else next.delete(type);
    setChosen(next);
  };
  const isSaved = webhookUrl !== null && values.webhookUrl.trim() === webhookUrl;
  const isLocal = isLocalUrl(values.webhookUrl);
  return (
    <div className="space-y-3">
      <FormFrame
        {...frame}
        submitLabel={WEBHOOK_TEXTS.saveSubmit}
        pendingLabel={WEBHOOK_TEXTS.savePending}
        className="space-y-4"
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
          help={isLocal ? WEBHOOK_TEXTS.localUrlTyped : WEBHOOK_TEXTS.endpointHelp}
          {...field('webhookUrl')}
        />
        <div className="space-y-3">
          <p className="font-medium text-fg text-sm">{WEBHOOK_TEXTS.eventTypesLabel}</p>
          <EventGroup
            legend={WEBHOOK_TEXTS.taskEventsGroup}
            types={TASK_EVENT_TYPES}
            chosen={chosen}
            disabled={!canChooseTaskEvents}
            help={canChooseTaskEvents ? undefined : WEBHOOK_TEXTS.taskEventsNeedCalls}
            onToggle={toggle}
          />
          <EventGroup
            legend={WEBHOOK_TEXTS.accountEventsGroup}
            types={ACCOUNT_EVENT_TYPES}
            chosen={chosen}
            disabled={false}
            onToggle={toggle}
          />
        </div>
      </FormFrame>
      <p
        role="status"
        className={`text-sm ${outcome && !outcome.isDelivered ? 'text-danger' : 'text-muted'} ${
          outcome || testAlert ? '' : 'sr-only'
        }`}
      >
        {outcome ? `${outcome.message} ${WEBHOOK_TEXTS.testSentToEndpoint}` : (testAlert ?? '')}
      </p>
    </div>
  );
}
