import { KEY_NAME_MAX_LENGTH, KEY_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const keyName = name.trim();
    setAlert(null);
    if (!keyName) {
      setNameError(KEY_TEXTS.nameRequired);
      const input = event.currentTarget.elements.namedItem('keyName');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    create.mutate(keyName);
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={CREATE_KEY_TITLE}
      description="Name the key after the app or environment that uses it. It can call every service."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
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
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
