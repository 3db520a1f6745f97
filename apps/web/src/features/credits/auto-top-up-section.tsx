import {
  AUTO_TOP_UP_MAX_PER_MONTH,
  type AutoTopUpBody,
  type AutoTopUpResponse,
  BILLING_TEXTS,
  type CreditPackage,
  formatCents,
} from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CheckboxField } from '../../components/ui/form-controls.tsx';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { AUTO_TOP_UP_QUERY_KEY, autoTopUpQuery, billingApi } from './billing-api.ts';
import { SavedCardActions } from './saved-card-actions.tsx';
import { useBillingForm } from './use-billing-form.ts';

export const AUTO_TOP_UP_LOAD_FAILED = 'Failed to load auto top-up';
export const AUTO_TOP_UP_SAVE_FAILED = 'Could not save auto top-up. Please try again.';

const wholeNumber = (label: string, min: number, max: number) => (value: string) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= min && number <= max
    ? undefined
    : `${label} must be a whole number from ${min} to ${formatCount(max)}`;
};

function lastResult(state: AutoTopUpResponse): string {
  const last = state.lastTopUp;
  if (!last) return 'No top-ups yet.';
  const when = formatDateTime(last.at);
  if (last.status === 'paid') return `Bought ${formatCount(last.credits)} credits on ${when}.`;
  if (last.status === 'failed')
    return `Declined on ${when}: ${last.failureMessage ?? BILLING_TEXTS.declined}`;
  return `A top-up of ${formatCount(last.credits)} credits is on its way (${when}).`;
}

function Status({ state }: { state: AutoTopUpResponse }) {
  return (
    <dl className="grid gap-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-muted">Saved card</dt>
        <dd className="mt-0.5 font-medium text-fg">{state.card ? state.card.label : 'None'}</dd>
      </div>
      <div>
        <dt className="text-muted">Top-ups this month</dt>
        <dd className="mt-0.5 font-medium text-fg">
          {state.topUpsThisMonth}
          {state.settings && ` of ${state.settings.monthlyLimit}`}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Last result</dt>
        <dd className="mt-0.5 font-medium text-fg">{lastResult(state)}</dd>
      </div>
    </dl>
  );
}

function SettingsForm({ state, packages }: { state: AutoTopUpResponse; packages: CreditPackage[] }) {
  const { field, values, setValue, frame } = useBillingForm(
    {
      initial: {
        enabled: state.settings?.enabled ?? false,
        threshold: String(state.settings?.threshold ?? 100),
        package: state.settings?.package ?? packages[0]?.name ?? 'starter',
        monthlyLimit: String(state.settings?.monthlyLimit ?? 3),
      },
      validators: {
        threshold: (current) => wholeNumber('Threshold', 1, 1_000_000)(current.threshold),
        monthlyLimit: (current) =>
          wholeNumber('Top-ups a month', 1, AUTO_TOP_UP_MAX_PER_MONTH)(current.monthlyLimit),
      },
      toBody: (current) => ({
        enabled: current.enabled,
        threshold: Number(current.threshold),
        package: current.package as AutoTopUpBody['package'],
        monthlyLimit: Number(current.monthlyLimit),
      }),
      send: billingApi.saveAutoTopUp,
      failedText: AUTO_TOP_UP_SAVE_FAILED,
    },
    AUTO_TOP_UP_QUERY_KEY,
    BILLING_TEXTS.autoTopUpSaved,
  );
  return (
    <FormFrame {...frame} submitLabel="Save auto top-up" pendingLabel="Saving..." className="space-y-4">
      <CheckboxField
        label="Turn on auto top-up"
        help={state.card ? `Charges ${state.card.label}.` : BILLING_TEXTS.needsSavedCard}
        checked={values.enabled}
        onChange={(event) => setValue('enabled', event.target.checked)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="When the balance falls under (credits)"
          inputMode="numeric"
          {...field('threshold')}
        />
        <SelectField
          label="Buy this pack"
          options={packages.map((pack) => ({
            value: pack.name,
            label: `${pack.label}: ${formatCount(pack.credits)} credits for ${formatCents(pack.price)}`,
          }))}
          {...field('package')}
        />
        <TextField label="At most, top-ups a month" inputMode="numeric" {...field('monthlyLimit')} />
      </div>
    </FormFrame>
  );
}

/** Auto top-up: the settings form, the saved card, and what it did lately. */
export function AutoTopUpSection({ packages }: { packages: Record<string, CreditPackage> }) {
  const state = useQuery(autoTopUpQuery);
  const packList = Object.values(packages).sort((a, b) => a.price - b.price);
  return (
    <PageSection
      title={BILLING_TEXTS.autoTopUpTitle}
      summary={BILLING_TEXTS.autoTopUpSummary}
      className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6"
    >
      <div className="mt-4 space-y-5">
        <QueryContent query={state} failedText={AUTO_TOP_UP_LOAD_FAILED}>
          {(data) => (
            <>
              {data.turnedOffAfterFailures && (
                <FormAlert>
                  {BILLING_TEXTS.turnedOffAfterFailures} Check the card, or replace it, then turn it on again.
                </FormAlert>
              )}
              {!data.card && <p className="text-muted text-sm">{BILLING_TEXTS.noSavedCard}</p>}
              <Status state={data} />
              {data.card && <SavedCardActions card={data.card} />}
              {/* A removed or new card starts the form afresh from the answer (removing turns it off). */}
              <SettingsForm key={data.card?.savedAt ?? 'no-card'} state={data} packages={packList} />
            </>
          )}
        </QueryContent>
      </div>
    </PageSection>
  );
}
