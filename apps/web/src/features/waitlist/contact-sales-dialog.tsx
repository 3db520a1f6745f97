import {
  CONTACT_SALES_FIELDS,
  CONTACT_SALES_TEXTS,
  type ContactSalesBody,
  type ContactSalesFieldId,
  contactSalesFieldError,
} from '@conduit/contracts';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { waitlistApi } from './waitlist-api.ts';

type Values = Record<ContactSalesFieldId, string>;
const EMPTY: Values = { name: '', email: '', company: '', message: '' };
const VALIDATORS = Object.fromEntries(
  CONTACT_SALES_FIELDS.map(({ id }) => [id, (values: Values) => contactSalesFieldError(id, values[id])]),
) as Record<ContactSalesFieldId, (values: Values) => string | undefined>;

/**
 * Contact Sales (docs/product.md, "Other forms"): all four fields, trimmed; rendered only while
 * open, so closing resets it.
 */
export function ContactSalesDialog({ onClose }: { onClose: () => void }) {
  const { success } = useNotify();
  const { field, frame } = useSubmittedForm({
    initial: EMPTY,
    validators: VALIDATORS,
    toBody: (values): ContactSalesBody => ({
      name: values.name.trim(),
      email: values.email.trim(),
      company: values.company.trim(),
      message: values.message.trim(),
    }),
    send: (body: ContactSalesBody) => waitlistApi.contactSales(body),
    failedText: CONTACT_SALES_TEXTS.failed,
    onDone: (result) => {
      success({ message: result.message });
      onClose();
    },
    clearAlertOnEdit: true,
  });

  return (
    <FormDialog
      title="Contact sales"
      description={`Tell us what you need. ${CONTACT_SALES_TEXTS.replyPromise}`}
      aria-label="Contact sales"
      onClose={onClose}
      {...frame}
      submitLabel="Send message"
      pendingLabel="Sending..."
    >
      <TextField label="Name" autoComplete="name" maxLength={100} {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
      <TextField label="Company" autoComplete="organization" maxLength={120} {...field('company')} />
      <TextAreaField label="Message" rows={4} maxLength={5000} {...field('message')} />
    </FormDialog>
  );
}
