import type { ApiKey, Service } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { focusField } from '../../lib/use-form-fields.ts';
import { CREDITS_QUERY_KEY } from '../credits/credits-api.ts';
import { DASHBOARD_QUERY_KEY, usageQuery } from '../usage/dashboard-queries.ts';
import type { FormField } from './form-fields.ts';
import { type FieldErrors, fieldErrorsOf } from './form-values.ts';
import { ModelPicker } from './model-picker.tsx';
import type { OfferedModel } from './models-api.ts';
import { callPublicApi, refusedFieldOf, type SentRequest } from './public-call.ts';
import { RUN_LABEL, RunBar } from './run-bar.tsx';
import { RunOutcome } from './run-outcome.tsx';
import { SchemaField } from './schema-field.tsx';
import { useServiceForm } from './use-service-form.ts';

export const ADVANCED_LABEL = 'Advanced';
/** The call's controls rather than its input: folded under "Advanced", after what the call is about. */
const ADVANCED_FIELDS = new Set(['callBackUrl', 'webhookEvents', 'maxCredits', 'quoteId']);
const PROMPT = /(^|_)prompt$/;

/** The prompt first, then required fields, then the model's options; the call's controls apart. */
export function arrangeFields(fields: readonly FormField[]) {
  const rank = (field: FormField) => (PROMPT.test(field.name) ? 0 : field.required ? 1 : 2);
  return {
    main: fields.filter((field) => !ADVANCED_FIELDS.has(field.name)).sort((a, b) => rank(a) - rank(b)),
    advanced: fields.filter((field) => ADVANCED_FIELDS.has(field.name)),
  };
}

/**
 * One service's form (from the body schema the API validates with: for image and video, the chosen
 * model's own), its cost, Run, and what came back:
 * beside the form on wide screens (the answer's column stays in view while the long form scrolls),
 * under it on phones, where the answer scrolls into view when it arrives (RunOutcome). Not on useFormFields/useFormAction/FormFrame: its fields are known only at run time (URL lists
 * among them), every HTTP answer is a result shown below rather than a failure in an alert, and Run
 * shares its row with the cost and balance.
 */
export function ServicePanel({
  service,
  apiKey,
  prefill,
  offered,
  requestedModel,
  onModelChosen,
}: {
  service: Service;
  apiKey: ApiKey | null;
  prefill?: Record<string, unknown>;
  /** Image and video: the enabled models, default first; the form is the chosen one's. */
  offered?: readonly OfferedModel[];
  /** The model a link or a handed-over body names. */
  requestedModel?: string;
  onModelChosen?: (id: string) => void;
}) {
  const form = useServiceForm({ service, prefill, offered, requestedModel });
  const { endpoint, schema, fields, values, cost, model } = form;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState<SentRequest | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const advancedRef = useRef<HTMLDetailsElement>(null);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: callPublicApi,
    // A field the server refused shows its reason, as the schema's do; under "Advanced", unfolded.
    onSuccess: (answer) => {
      const refused = refusedFieldOf(answer);
      if (!refused || !fields.some((field) => field.name === refused.name)) return;
      setErrors({ [refused.name]: refused.message });
      if (advancedRef.current && ADVANCED_FIELDS.has(refused.name)) advancedRef.current.open = true;
    },
    onSettled: () =>
      Promise.all(
        [CREDITS_QUERY_KEY, usageQuery.queryKey, DASHBOARD_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });

  const { main, advanced } = arrangeFields(fields);
  const submit = (nextValues = values) => {
    const body = form.bodyFor(nextValues);
    const found = fieldErrorsOf(schema, body);
    setErrors(found);
    const firstInvalid = [...main, ...advanced].find((field) => found[field.name]);
    if (firstInvalid && formRef.current) {
      // A refused field under "Advanced" is shown before it takes the focus.
      if (advancedRef.current && advanced.includes(firstInvalid)) advancedRef.current.open = true;
      return focusField(formRef.current, firstInvalid.name);
    }
    if (!apiKey) return;
    const request = { endpoint, body, apiKey: apiKey.keyValue, keyId: apiKey._id };
    setSent(request);
    run.mutate(request);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const nextPage = {
    label: `Next page (${formatQuantity(cost, 'credit')})`,
    isPending: run.isPending,
    onNextPage: (token: string) => {
      const next = { ...values, pagination_token: token };
      form.setValues(next);
      submit(next);
    },
  };

  const fieldGrid = (shown: readonly FormField[]) => (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2">
      {shown.map((field) => (
        <div
          key={field.name}
          className={
            field.kind === 'textarea' ||
            field.kind === 'list' ||
            field.kind === 'choices' ||
            field.kind === 'pairs'
              ? 'sm:col-span-2 lg:col-span-1 2xl:col-span-2'
              : ''
          }
        >
          <SchemaField
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => {
              form.setField(field.name, value);
              // Its error goes, and its help shows again.
              setErrors(({ [field.name]: _fixed, ...others }) => others);
            }}
          />
        </div>
      ))}
    </div>
  );

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-label={`${endpoint.title} form`}
        className="space-y-5 rounded-2xl border border-border bg-surface p-5 shadow-card"
      >
        <p className="text-muted text-sm">
          <span className="font-mono text-fg">
            {endpoint.method} {endpoint.path}
          </span>{' '}
          · {endpoint.summary}
        </p>
        {model && (
          <ModelPicker
            offered={model.offered}
            chosen={model.chosen}
            note={model.note}
            onChange={(id) => {
              model.choose(id);
              setErrors({});
              onModelChosen?.(id);
            }}
          />
        )}
        {fieldGrid(main)}
        {advanced.length > 0 && (
          <details ref={advancedRef} className="group rounded-xl border border-border">
            <summary className="cursor-pointer select-none px-4 py-3 font-medium text-fg text-sm">
              {ADVANCED_LABEL}{' '}
              <span className="font-normal text-muted">
                ({advanced.map((field) => field.name).join(', ')})
              </span>
            </summary>
            <div className="border-border border-t p-4">{fieldGrid(advanced)}</div>
          </details>
        )}
        <RunBar
          service={service}
          cost={cost}
          hasKey={apiKey !== null}
          isPending={run.isPending}
          hasRun={sent !== null}
        />
      </form>
      <div className="min-w-0 space-y-5 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto">
        {run.isError && <FormAlert>Could not reach the API: {run.error.message}</FormAlert>}
        {run.data && sent && !run.isPending ? (
          <RunOutcome answer={run.data} sent={sent} nextPage={nextPage} onRunAgain={() => submit()} />
        ) : (
          !run.isError && (
            <p className="hidden rounded-2xl border border-border border-dashed p-5 text-muted text-sm lg:block">
              {run.isPending ? 'Running the call...' : `${RUN_LABEL} the call: its answer shows here.`}
            </p>
          )
        )}
      </div>
    </div>
  );
}
