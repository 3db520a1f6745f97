import { type ApiKey, KEY_ROLL_GRACE_CHOICES, KEY_SCREEN_TEXTS, KEY_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { FormDialog } from '../../components/ui/form-dialog.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { keysApi, refreshKeys } from './keys-api.ts';

export const ROLL_KEY_TITLE = 'Roll API key';

/** How long the old secret keeps working: a radio button per choice. */
function GracePicker({ value, onChange }: { value: string; onChange: (seconds: string) => void }) {
  return (
    <fieldset>
      <legend className="font-medium text-fg text-sm">Old key stops working</legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2">
        {KEY_ROLL_GRACE_CHOICES.map(({ seconds, label }) => (
          <label
            key={seconds}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-border p-3 text-fg text-sm has-[:checked]:border-primary-text"
          >
            <input
              type="radio"
              name="graceSeconds"
              value={seconds}
              checked={value === String(seconds)}
              onChange={() => onChange(String(seconds))}
              className="accent-primary"
            />
            {seconds === 0 ? label : `After ${label}`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The new key to copy; focus moves to Done, as the form it replaces is gone. */
function RolledKey({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="space-y-4">
      <CopyButton value={apiKey.keyValue} />
      <div className="flex justify-end">
        <Button ref={done} onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/**
 * POST /api/keys/{id}/roll: a new secret for the key, the old one working for the chosen grace
 * period; then the new key, to copy.
 */
export function RollKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [rolled, setRolled] = useState<ApiKey | null>(null);
  const { values, setValue } = useFormFields({ graceSeconds: '3600' }, {});
  const { action: roll, frame } = useFormAction(
    () => keysApi.roll(apiKey._id, { graceSeconds: Number(values.graceSeconds) }),
    KEY_TEXTS.rollFailed,
    (response) => {
      success({ title: response.message, message: apiKey.keyName });
      void refreshKeys(queryClient);
      setRolled(response.key);
    },
  );

  return (
    <FormDialog
      title={rolled ? KEY_SCREEN_TEXTS.rolledTitle : ROLL_KEY_TITLE}
      description={
        rolled
          ? KEY_SCREEN_TEXTS.rolledNote
          : `"${apiKey.keyName}" gets a new secret with the same name and controls.`
      }
      onClose={onClose}
      result={rolled ? <RolledKey apiKey={rolled} onDone={onClose} /> : undefined}
      onSubmit={() => roll.mutate()}
      {...frame}
      submitLabel="Roll key"
      pendingLabel="Rolling..."
    >
      <GracePicker value={values.graceSeconds} onChange={(seconds) => setValue('graceSeconds', seconds)} />
    </FormDialog>
  );
}
