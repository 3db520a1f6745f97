import type { AdminPlan, AdminUser, Role, UpdateUserBody } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { CheckboxField, SelectField } from '../../components/ui/form-controls.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { formatCount } from '../../lib/format.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { AdjustCreditsForm } from './adjust-credits-form.tsx';
import { adminApi, refreshAdminData } from './admin-api.ts';
import { CUSTOM_LIMITS_PLAN, planOptions, roleOptions } from './admin-labels.ts';
import {
  buildUpdate,
  defaultLimit,
  type EditErrors,
  type EditValues,
  initialValues,
  isDirty,
  LIMIT_LABELS,
  LIMIT_WINDOWS,
} from './edit-user-form.ts';

export const EDIT_TITLE = 'Edit user';
export const UPDATE_FAILED = 'Failed to update the user';

function AccountForm({ user, onSaved }: { user: AdminUser; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const headingId = useId();
  const [values, setValues] = useState<EditValues>(() => initialValues(user));
  const [errors, setErrors] = useState<EditErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: (body: UpdateUserBody) => adminApi.update(user._id, body),
    onSuccess: () => {
      success({ title: 'User updated', message: user.email });
      void refreshAdminData(queryClient);
      onSaved();
    },
    onError: (error) => setAlert(serverTextOr(error, UPDATE_FAILED)),
  });

  const set = <Name extends keyof EditValues>(name: Name, value: EditValues[Name]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setAlert(null);
    const { body, errors: next } = buildUpdate(user, values);
    setErrors(next);
    if (!body) {
      const first = Object.keys(next)[0];
      const input = first ? event.currentTarget.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    if (Object.keys(body).length === 0) return onSaved();
    update.mutate(body);
  };

  const hasCustomLimits = values.plan === CUSTOM_LIMITS_PLAN;
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="font-semibold text-fg">
        Account
      </h3>
      {alert && <FormAlert>{alert}</FormAlert>}
      <div className="space-y-4">
        <SelectField
          label="Role"
          name="role"
          options={roleOptions}
          value={values.role}
          onChange={(event) => set('role', event.target.value as Role)}
        />
        <SelectField
          label="Plan"
          name="plan"
          options={planOptions}
          value={values.plan}
          onChange={(event) => set('plan', event.target.value as AdminPlan)}
        />
      </div>
      <TextField
        label="Maximum API keys"
        name="maxApiKeys"
        inputMode="numeric"
        autoComplete="off"
        value={values.maxApiKeys}
        error={errors.maxApiKeys}
        onChange={(event) => set('maxApiKeys', event.target.value)}
      />
      {hasCustomLimits && (
        <fieldset className="space-y-3 rounded-xl border border-border p-4">
          <legend className="px-1 font-medium text-fg text-sm">Enterprise rate limits</legend>
          <p className="text-muted text-xs">Leave a field empty to use the Enterprise default.</p>
          {LIMIT_WINDOWS.map((window) => (
            <TextField
              key={window}
              label={LIMIT_LABELS[window]}
              name={window}
              inputMode="numeric"
              autoComplete="off"
              placeholder={`Default: ${formatCount(defaultLimit(window))}`}
              value={values[window]}
              error={errors[window]}
              onChange={(event) => set(window, event.target.value)}
            />
          ))}
        </fieldset>
      )}
      <CheckboxField
        label="Active"
        name="isActive"
        checked={values.isActive}
        help="Deactivating signs the user out everywhere and stops their API keys at once."
        onChange={(event) => set('isActive', event.target.checked)}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending || !isDirty(user, values)}>
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/** Edit: role, plan, Enterprise limits, key maximum, the active flag, and a credit adjustment. */
export function EditUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  return (
    <Dialog isOpen onClose={onClose} title={EDIT_TITLE} description={user.email}>
      <div className="space-y-6">
        <AccountForm user={user} onSaved={onClose} />
        <div className="border-border border-t pt-6">
          <AdjustCreditsForm user={user} />
        </div>
      </div>
    </Dialog>
  );
}
