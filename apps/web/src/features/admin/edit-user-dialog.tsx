import type { AdminUser, UpdateUserBody } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../components/ui/dialog.tsx';
import { CheckboxField } from '../../components/ui/form-controls.tsx';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { formatCount } from '../../lib/format.ts';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { AdjustCreditsForm } from './adjust-credits-form.tsx';
import { adminApi, refreshAdminData } from './admin-api.ts';
import { CUSTOM_LIMITS_PLAN, planOptions, roleOptions } from './admin-labels.ts';
import {
  buildUpdate,
  defaultLimit,
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
  const { values, field, setValue, validateAll } = useFormFields(initialValues(user), {});
  const { action, setAlert, frame } = useFormAction(
    (body: UpdateUserBody) => adminApi.update(user._id, body),
    UPDATE_FAILED,
    () => {
      success({ title: 'User updated', message: user.email });
      void refreshAdminData(queryClient);
      onSaved();
    },
  );

  const onSubmit = (form: HTMLFormElement) => {
    setAlert(null);
    const { body, errors } = buildUpdate(user, values);
    validateAll(form, { found: errors });
    if (!body) return;
    if (Object.keys(body).length === 0) return onSaved();
    action.mutate(body);
  };

  return (
    <FormFrame
      onSubmit={onSubmit}
      title="Account"
      {...frame}
      submitLabel="Save changes"
      pendingLabel="Saving..."
      canSubmit={isDirty(user, values)}
    >
      <SelectField label="Role" options={roleOptions} {...field('role')} />
      <SelectField label="Plan" options={planOptions} {...field('plan')} />
      <TextField label="Maximum API keys" inputMode="numeric" autoComplete="off" {...field('maxApiKeys')} />
      {values.plan === CUSTOM_LIMITS_PLAN && (
        <fieldset className="space-y-3 rounded-xl border border-border p-4">
          <legend className="px-1 font-medium text-fg text-sm">Enterprise rate limits</legend>
          <p className="text-muted text-xs">Leave a field empty to use the Enterprise default.</p>
          {LIMIT_WINDOWS.map((window) => (
            <TextField
              key={window}
              label={LIMIT_LABELS[window]}
              inputMode="numeric"
              autoComplete="off"
              placeholder={`Default: ${formatCount(defaultLimit(window))}`}
              {...field(window)}
            />
          ))}
        </fieldset>
      )}
      <CheckboxField
        label="Active"
        name="isActive"
        checked={values.isActive}
        help="Deactivating signs the user out everywhere and stops their API keys at once."
        onChange={(event) => setValue('isActive', event.target.checked)}
      />
    </FormFrame>
  );
}

/**
 * Edit: role, plan, Enterprise limits, key maximum, the active flag, and a credit adjustment. Two
 * forms that save apart (Save changes closes the dialog, Adjust credits keeps it open to show the
 * new balance), so a Dialog holding two titled FormFrames: a FormDialog frames exactly one form.
 */
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
