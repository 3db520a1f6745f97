import {
  CONTACT_SALES_FIELDS,
  CONTACT_SALES_TEXTS,
  type ContactSalesBody,
  type ContactSalesFieldId,
  contactSalesFieldError,
} from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { focusField } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { failureText, waitlistApi } from './waitlist-api.ts';

type Values = Record<ContactSalesFieldId, string>;
const EMPTY: Values = { name: '', email: '', company: '', message: '' };

function MessageField(props: {
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-fg text-sm">
        Message
      </label>
      <textarea
        id={id}
        name="message"
        rows={4}
        maxLength={5000}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
        className={`mt-1.5 block w-full resize-y rounded-lg border bg-bg px-3 py-2 text-fg text-sm outline-none focus-visible:ring-2 focus-visible:ring-primary-text ${
          props.error ? 'border-danger' : 'border-border'
        }`}
      />
      {props.error && (
        <p id={`${id}-error`} className="mt-1.5 text-danger text-sm">
          {props.error}
        </p>
      )}
    </div>
  );
}

/**
 * Contact Sales (docs/product.md, "Other forms"): all four fields, trimmed; rendered only while
 * open, so closing resets it.
 */
export function ContactSalesDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const { success } = useNotify();
  const send = useMutation({
    mutationFn: (body: ContactSalesBody) => waitlistApi.contactSales(body),
    onSuccess: (result) => {
      success({ message: result.message });
      onClose();
    },
    onError: (error) => setAlert(failureText(error, CONTACT_SALES_TEXTS.failed)),
  });

  const edit = (id: ContactSalesFieldId, value: string) => {
    setValues((previous) => ({ ...previous, [id]: value }));
    setErrors((previous) => ({ ...previous, [id]: undefined }));
    setAlert(null);
  };
  const check = (id: ContactSalesFieldId) =>
    setErrors((previous) => ({ ...previous, [id]: contactSalesFieldError(id, values[id]) }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const next: Partial<Values> = {};
    for (const { id } of CONTACT_SALES_FIELDS) next[id] = contactSalesFieldError(id, values[id]);
    setErrors(next);
    const invalid = CONTACT_SALES_FIELDS.find(({ id }) => next[id]);
    if (invalid) {
      focusField(event.currentTarget, invalid.id);
      return;
    }
    send.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      company: values.company.trim(),
      message: values.message.trim(),
    });
  };

  const field = (id: Exclude<ContactSalesFieldId, 'message'>) => ({
    name: id,
    value: values[id],
    error: errors[id],
    onChange: (event: { target: { value: string } }) => edit(id, event.target.value),
    onBlur: () => check(id),
  });

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title="Contact sales"
      description={`Tell us what you need. ${CONTACT_SALES_TEXTS.replyPromise}`}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Contact sales" className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextField label="Name" autoComplete="name" maxLength={100} {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...field('email')} />
        <TextField label="Company" autoComplete="organization" maxLength={120} {...field('company')} />
        <MessageField
          value={values.message}
          error={errors.message}
          onChange={(value) => edit('message', value)}
          onBlur={() => check('message')}
        />
        <div className="flex gap-3 pt-1">
          <Button variant="secondary" className="flex-1" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
