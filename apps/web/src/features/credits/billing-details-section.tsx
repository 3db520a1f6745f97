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

type DetailName = 'name' | 'company' | 'line1' | 'line2' | 'city' | 'postalCode' | 'country' | 'vatId';

/** The form's fields in order, two a row on wide screens. */
const FIELDS: ReadonlyArray<{
  name: DetailName;
  label: string;
  autoComplete?: string;
  maxLength: number;
  help?: string;
}> = [
  { name: 'name', label: 'Name', autoComplete: 'name', maxLength: 100 },
  { name: 'company', label: 'Company (optional)', autoComplete: 'organization', maxLength: 100 },
  { name: 'line1', label: 'Address', autoComplete: 'address-line1', maxLength: 200 },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', maxLength: 200 },
  { name: 'city', label: 'City', autoComplete: 'address-level2', maxLength: 100 },
  { name: 'postalCode', label: 'Postal code (optional)', autoComplete: 'postal-code', maxLength: 20 },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country',
    maxLength: 2,
    help: 'Two-letter code, e.g. DE, GB or US',
  },
  { name: 'vatId', label: 'VAT ID (optional)', maxLength: 20, help: 'e.g. DE123456789' },
];

/** Each field's saved value, or empty. */
const initialValues = (details: BillingDetails | null) =>
  Object.fromEntries(FIELDS.map(({ name }) => [name, details?.[name] ?? ''])) as Record<DetailName, string>;

function DetailsForm({ details }: { details: BillingDetails | null }) {
  const { field, frame } = useBillingForm(
    {
      initial: initialValues(details),
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
        {FIELDS.map(({ name, ...props }) => (
          <TextField key={name} {...props} {...field(name)} />
        ))}
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
