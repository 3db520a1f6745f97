import { KEY_NAME_MAX_LENGTH, KEY_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { keysApi, refreshKeys } from './keys-api.ts';

export const CREATE_KEY_TITLE = 'Create API key';

/** POST /api/keys with a trimmed, non-blank name (docs/product.md, "Other forms"). */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { field, frame } = useSubmittedForm({
    initial: { keyName: '' },
    validators: { keyName: ({ keyName }) => (keyName.trim() ? undefined : KEY_TEXTS.nameRequired) },
    toBody: ({ keyName }) => keyName.trim(),
    send: (keyName: string) => keysApi.create(keyName),
    failedText: KEY_TEXTS.createFailed,
    onDone: (response) => {
      success({ title: response.message, message: response.key.keyName });
      void refreshKeys(queryClient);
      onClose();
    },
  });

  return (
    <FormDialog
      title={CREATE_KEY_TITLE}
      description="Name the key after the app or environment that uses it. It can call every service."
      onClose={onClose}
      {...frame}
      submitLabel="Create key"
      pendingLabel="Creating..."
    >
      <TextField
        label="Key name"
        autoComplete="off"
        placeholder="Production server"
        maxLength={KEY_NAME_MAX_LENGTH}
        {...field('keyName')}
      />
    </FormDialog>
  );
}
