import { KEY_NAME_MAX_LENGTH, KEY_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { focusField } from '../../lib/use-form-fields.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { keysApi, refreshKeys } from './keys-api.ts';

export const CREATE_KEY_TITLE = 'Create API key';

/** POST /api/keys with a trimmed, non-blank name (docs/product.md, "Other forms"). */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: (keyName: string) => keysApi.create(keyName),
    onSuccess: (response) => {
      success({ title: response.message, message: response.key.keyName });
      void refreshKeys(queryClient);
      onClose();
    },
    onError: (error) => setAlert(serverTextOr(error, KEY_TEXTS.createFailed)),
  });

  const onSubmit = (form: HTMLFormElement) => {
    const keyName = name.trim();
    setAlert(null);
    if (!keyName) {
      setNameError(KEY_TEXTS.nameRequired);
      focusField(form, 'keyName');
      return;
    }
    create.mutate(keyName);
  };

  return (
    <FormDialog
      title={CREATE_KEY_TITLE}
      description="Name the key after the app or environment that uses it. It can call every service."
      onClose={onClose}
      onSubmit={onSubmit}
      alert={alert}
      submitLabel="Create key"
      pendingLabel="Creating..."
      isPending={create.isPending}
    >
      <TextField
        label="Key name"
        name="keyName"
        autoComplete="off"
        placeholder="Production server"
        maxLength={KEY_NAME_MAX_LENGTH}
        value={name}
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          setNameError(undefined);
        }}
      />
    </FormDialog>
  );
}
