import { type ApiKey, PLAYGROUND_KEY_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { keysApi, refreshKeys } from '../api-keys/keys-api.ts';
import { useNotify } from '../notifications/notification-context.ts';

/**
 * The playground without keys (docs/product.md, "Playground"): one click makes the workspace's
 * playground key (POST /api/keys/playground, which answers the existing one rather than make a
 * second) and selects it, so the first run needs no trip to the API Keys page.
 */
export function PlaygroundKeyOffer({ onCreated }: { onCreated: (key: ApiKey) => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const create = useMutation({
    mutationFn: () => keysApi.createPlayground(),
    onSuccess: async (answer) => {
      onCreated(answer.key);
      success({ title: answer.message, message: answer.key.keyName });
      await refreshKeys(queryClient);
    },
  });
  return (
    <div className="basis-full space-y-3">
      <p className="text-muted">
        {PLAYGROUND_KEY_TEXTS.noKeys} {PLAYGROUND_KEY_TEXTS.offer}
      </p>
      <Button size="sm" onClick={() => create.mutate()} disabled={create.isPending}>
        <KeyRound aria-hidden="true" className="size-4" />
        {create.isPending ? PLAYGROUND_KEY_TEXTS.creating : PLAYGROUND_KEY_TEXTS.create}
      </Button>
      {create.isError && <FormAlert>{create.error.message || PLAYGROUND_KEY_TEXTS.createFailed}</FormAlert>}
    </div>
  );
}
