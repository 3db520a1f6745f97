import { type ApiKey, KEY_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { keysApi, refreshKeys } from './keys-api.ts';

export const DELETE_KEY_TITLE = 'Delete API key';

/** Confirms DELETE /api/keys/{id}; the key stops working at once. */
export function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { action: remove, frame } = useFormAction(
    () => keysApi.remove(apiKey._id),
    KEY_TEXTS.deleteFailed,
    (response) => {
      success({ title: response.message, message: apiKey.keyName });
      void refreshKeys(queryClient);
      onClose();
    },
  );

  return (
    <FormDialog
      title={DELETE_KEY_TITLE}
      description={`Delete "${apiKey.keyName}"? Calls made with it are refused from now on. This cannot be undone.`}
      onClose={onClose}
      onSubmit={() => remove.mutate()}
      {...frame}
      submitLabel="Delete key"
      pendingLabel="Deleting..."
      variant="danger"
    />
  );
}
