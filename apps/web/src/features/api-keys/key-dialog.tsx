import { type ApiKey, KEY_TEXTS } from '@conduit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { dashboardQuery } from '../usage/dashboard-queries.ts';
import { BudgetUsage } from './budget-usage.tsx';
import {
  changedBody,
  formFieldOf,
  type KeyFormValues,
  keyBody,
  keyFormValidators,
  keyFormValues,
  NEW_KEY_VALUES,
} from './key-form.ts';
import { KeyFormFields } from './key-form-fields.tsx';
import { keysApi, refreshKeys } from './keys-api.ts';

export const CREATE_KEY_TITLE = 'Create API key';
export const EDIT_KEY_TITLE = 'Edit API key';

/**
 * Create (POST /api/keys) or, given `apiKey`, edit (PATCH /api/keys/{id}, only what changed) a key
 * and its controls. A refusal naming a field shows on that field (docs/product.md, "API keys screen").
 */
export function KeyDialog({ apiKey, onClose }: { apiKey?: ApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  // The workspace's own per-minute limit bounds a key's; without it the server still checks.
  const maxPerMinute = useQuery(dashboardQuery).data?.apiProvider.limits.perMinute;
  const [initial] = useState<KeyFormValues>(() => (apiKey ? keyFormValues(apiKey) : NEW_KEY_VALUES));
  const { frame, ...fields } = useSubmittedForm({
    initial,
    validators: keyFormValidators(initial, maxPerMinute),
    toBody: (values: KeyFormValues) => (apiKey ? changedBody(initial, values) : keyBody(values)),
    send: (body) => (apiKey ? keysApi.update(apiKey._id, body) : keysApi.create(body)),
    failedText: apiKey ? KEY_TEXTS.updateFailed : KEY_TEXTS.createFailed,
    fieldOfServerError: formFieldOf,
    onDone: (response) => {
      success({ title: response.message, message: response.key.keyName });
      void refreshKeys(queryClient);
      onClose();
    },
  });

  return (
    <FormDialog
      title={apiKey ? EDIT_KEY_TITLE : CREATE_KEY_TITLE}
      description={
        apiKey
          ? `Change what "${apiKey.keyName}" may do. Changes apply to its next call.`
          : 'Name the key after the app or environment that uses it, and choose what it may do.'
      }
      onClose={onClose}
      {...frame}
      submitLabel={apiKey ? 'Save changes' : 'Create key'}
      pendingLabel={apiKey ? 'Saving...' : 'Creating...'}
    >
      {apiKey?.spendLimit && (
        <div className="rounded-xl border border-border p-3 text-sm">
          <p className="mb-1 text-muted text-xs">Budget used</p>
          <BudgetUsage apiKey={apiKey} />
        </div>
      )}
      <KeyFormFields fields={fields} maxPerMinute={maxPerMinute} isNew={!apiKey} />
    </FormDialog>
  );
}
