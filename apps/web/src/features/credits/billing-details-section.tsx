import { BILLING_TEXTS, type BillingDetails } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { BILLING_DETAILS_QUERY_KEY, billingApi, billingDetailsQuery } from './billing-api.ts';
import { useBillingForm } from './use-billing-form.ts';

export const DETAILS_LOAD_FAILED = 'Failed to load billing details';
export const DETAILS_SAVE_FAILED = 'Could not save the billing details. Please try again.';

const required = (label: string) => (value: string) => (value.trim() ? undefined : `${label} is required`);

function DetailsForm({ details }: { details: BillingDetails | null }) {
  const { field, frame } = useBillingForm(
    {
      initial: {
        name: details?.name ?? '',
        company: details?.company ?? '',
        line1: details?.line1 ?? '',
        line2: details?.line2 ?? '',
        city: details?.city ?? '',
        postalCode: details?.postalCode ?? '',
        country: details?.country ?? '',
        vatId: details?.vatId ?? '',
      },
      validators: {
        name: (values) => required('Name')(values.name),
        line1: (values) => required('Address')(values.line1),
        city: (values) => required('City')(values.city),
        country: (values) =>
          /^[A-Za-z]{2}$/.test(values.country.trim())
            ? undefined
            : 'Country must be a two-letter code such as DE or US',
      },
      toBody: (values) => values,
      send: billingApi.saveDetails,
      failedText: DETAILS_SAVE_FAILED,
    },
    BILLING_DETAILS_QUERY_KEY,
    BILLING_TEXTS.detailsSaved,
  );
  return (
    <FormFrame
      {...frame}
      submitLabel="Save billing details"
      pendingLabel="Saving..."
      className="mt-4 space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" maxLength={100} {...field('name')} />
        <TextField
          label="Company (optional)"
          autoComplete="organization"
          maxLength={100}
          {...field('company')}
        />
        <TextField label="Address" autoComplete="address-line1" maxLength={200} {...field('line1')} />
        <TextField
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={200}
          {...field('line2')}
        />
        <TextField label="City" autoComplete="address-level2" maxLength={100} {...field('city')} />
        <TextField
          label="Postal code (optional)"
          autoComplete="postal-code"
          maxLength={20}
          {...field('postalCode')}
        />
        <TextField
          label="Country"
          autoComplete="country"
          maxLength={2}
          help="Two-letter code, e.g. DE, GB or US"
          {...field('country')}
        />
        <TextField label="VAT ID (optional)" maxLength={20} help="e.g. DE123456789" {...field('vatId')} />
      </div>
    </FormFrame>
  );
}

/** The workspace's billing details, printed on receipts and sent to Stripe with purchases. */
export function BillingDetailsSection() {
  const details = useQuery(billingDetailsQuery);
  return (
    <PageSection
      title={BILLING_TEXTS.detailsTitle}
      summary={BILLING_TEXTS.detailsSummary}
      className="rounded-2xl border border-border bg-surface p-4 shadow-card sm:p-6"
    >
      <QueryContent query={details} failedText={DETAILS_LOAD_FAILED}>
        {(data) => <DetailsForm details={data.details} />}
      </QueryContent>
    </PageSection>
  );
}
