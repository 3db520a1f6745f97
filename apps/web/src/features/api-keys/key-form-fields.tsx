import { KEY_NAME_MAX_LENGTH, SERVICE_LABELS, SERVICES, TEST_MODE_TEXTS } from '@conduit/contracts';
import { useId } from 'react';
import { CheckboxField } from '../../components/ui/form-controls.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import type { useFormFields } from '../../lib/use-form-fields.ts';
import { joinServices, type KeyFormValues, splitServices } from './key-form.ts';

type Fields = ReturnType<typeof useFormFields<KeyFormValues>>;

const SPEND_OPTIONS = [
  { value: 'none', label: 'No limit' },
  { value: 'day', label: 'Per day' },
  { value: 'month', label: 'Per month' },
  { value: 'total', label: 'In total' },
] as const;

const MODE_OPTIONS = [
  { value: 'live', label: TEST_MODE_TEXTS.liveOption },
  { value: 'test', label: TEST_MODE_TEXTS.testOption },
] as const;

const EXPIRY_OPTIONS = [
  { value: 'never', label: 'Never' },
  { value: 'date', label: 'On a date' },
] as const;

/** The services the key may call: a checkbox each, at least one. */
function ServicesField({ values, errors, setValue }: Fields) {
  const errorId = useId();
  const allowed = splitServices(values.services);
  const toggle = (service: (typeof SERVICES)[number], isOn: boolean) =>
    setValue(
      'services',
      joinServices(SERVICES.filter((each) => (each === service ? isOn : allowed.includes(each)))),
    );
  return (
    // Focusable by script, so a submit with no service moves focus here.
    <fieldset name="services" tabIndex={-1} aria-describedby={errors.services ? errorId : undefined}>
      <legend className="font-medium text-fg text-sm">Services</legend>
      <div className="mt-1.5 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {SERVICES.map((service) => (
          <CheckboxField
            key={service}
            label={SERVICE_LABELS[service]}
            checked={allowed.includes(service)}
            onChange={(event) => toggle(service, event.target.checked)}
          />
        ))}
      </div>
      {errors.services && (
        <p id={errorId} className="mt-1.5 text-danger text-sm">
          {errors.services}
        </p>
      )}
    </fieldset>
  );
}

/** Name, services, spend limit, rate limit, IP allow-list and expiry of a key being created or edited. */
export function KeyFormFields({
  fields,
  maxPerMinute,
  isNew = false,
}: {
  fields: Fields;
  maxPerMinute?: number;
  /** A key being created: its mode (live or test) is chosen now, fixed after. */
  isNew?: boolean;
}) {
  const { field, values } = fields;
  const workspaceLimit = maxPerMinute === undefined ? '' : `, ${maxPerMinute} per minute`;
  return (
    <>
      <TextField
        label="Key name"
        autoComplete="off"
        placeholder="Production server"
        maxLength={KEY_NAME_MAX_LENGTH}
        {...field('keyName')}
      />
      {isNew && <SelectField label={TEST_MODE_TEXTS.modeLabel} options={MODE_OPTIONS} {...field('mode')} />}
      <ServicesField {...fields} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Spend limit" options={SPEND_OPTIONS} {...field('spendPeriod')} />
        {values.spendPeriod !== 'none' && (
          <TextField label="Credits" inputMode="numeric" autoComplete="off" {...field('spendCredits')} />
        )}
      </div>
      <TextField
        label="Rate limit (requests per minute)"
        inputMode="numeric"
        autoComplete="off"
        help={`Empty: your workspace's limit${workspaceLimit}. A key's own limit is at most that.`}
        {...field('rateLimit')}
      />
      <TextAreaField
        label="IP allow-list"
        rows={3}
        help="Addresses or CIDR ranges (203.0.113.7, 198.51.100.0/24), one per line or comma-separated. Empty: any address."
        {...field('ipAllowlist')}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label="Expires" options={EXPIRY_OPTIONS} {...field('expiry')} />
        {values.expiry === 'date' && (
          <TextField label="Expiry date and time" type="datetime-local" {...field('expiresAt')} />
        )}
      </div>
    </>
  );
}
