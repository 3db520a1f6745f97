import { SUPPORT_MESSAGE_MAX, type SupportTicket } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { SEND_BUTTON } from './send-button.tsx';
import { replaceTicket, supportApi } from './support-api.ts';

export const REPLY_REQUIRED = 'Please write a reply';
export const REPLY_FAILED = 'Failed to send the reply. Please try again.';
export const REPLY_SENT = 'Reply sent';

/** An admin's answer: mailed to the user and kept on the ticket, which becomes answered. */
export function ReplyForm({ ticket }: { ticket: SupportTicket }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { action, setAlert, frame } = useFormAction(
    (message: string) => supportApi.reply(ticket.id, message),
    REPLY_FAILED,
    (response) => {
      replaceTicket(queryClient, response.ticket);
      success({ title: REPLY_SENT, message: `Your reply is on its way to ${ticket.email}.` });
      reset();
      setAlert(null);
    },
  );
  const { values, field, reset } = useFormFields({ message: '' }, {});

  const onSubmit = () => {
    const message = values.message.trim();
    setAlert(message ? null : REPLY_REQUIRED);
    if (message) action.mutate(message);
  };

  return (
    <FormFrame
      onSubmit={onSubmit}
      className="space-y-3"
      {...frame}
      {...SEND_BUTTON}
      submitLabel="Send reply"
      size="sm"
    >
      <TextAreaField
        label="Reply"
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX}
        help={`Mailed to ${ticket.email} and kept with this message.`}
        {...field('message')}
      />
    </FormFrame>
  );
}
