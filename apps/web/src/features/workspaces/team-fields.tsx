import { isEmail, TEAM_NAME_MAX_LENGTH, TEAM_TEXTS } from '@conduit/contracts';
import { TextField } from '../../components/ui/text-field.tsx';
import type { useFormFields } from '../../lib/use-form-fields.ts';

export interface TeamValues {
  name: string;
  billingEmail: string;
}

/** The rules the server applies (docs/product.md, "Teams in the web app"), checked before sending. */
export const TEAM_VALIDATORS = {
  name: (values: TeamValues) => {
    const name = values.name.trim();
    if (!name) return TEAM_TEXTS.nameRequired;
    if (name.length > TEAM_NAME_MAX_LENGTH) return TEAM_TEXTS.nameTooLong;
    return undefined;
  },
  billingEmail: (values: TeamValues) => {
    const email = values.billingEmail.trim();
    return email && !isEmail(email) ? TEAM_TEXTS.emailInvalid : undefined;
  },
};

/** The body both forms send: a trimmed name, and the billing email or null for none. */
export const teamBody = (values: TeamValues) => ({
  name: values.name.trim(),
  billingEmail: values.billingEmail.trim() || null,
});

type FieldProps = ReturnType<ReturnType<typeof useFormFields<TeamValues>>['field']>;

/** Name and billing email, in the create dialog and on the team page. */
export function TeamFields({ field }: { field: (name: keyof TeamValues) => FieldProps }) {
  return (
    <>
      <TextField
        label="Team name"
        autoComplete="organization"
        maxLength={TEAM_NAME_MAX_LENGTH}
        {...field('name')}
      />
      <TextField
        label="Billing email (optional)"
        type="email"
        autoComplete="email"
        help="Receipts and billing questions go here; members still sign in with their own accounts."
        {...field('billingEmail')}
      />
    </>
  );
}
