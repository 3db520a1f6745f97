import { SUPPORT_MESSAGE_MAX, type SupportTicket } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { replaceTicket, supportApi } from './support-api.ts';
import { TextAreaField } from './text-area-field.tsx';

export const REPLY_REQUIRED = 'Please write a reply';
export const REPLY_FAILED = 'Failed to send the reply. Please try again.';
export const REPLY_SENT = 'Reply sent';

/** An admin's answer: mailed to the user and kept on the ticket, which becomes answered. */
export function ReplyForm({ ticket }: { ticket: SupportTicket }) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const [message, setMessage] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const reply = useMutation({
    mutationFn: () => supportApi.reply(ticket.id, message.trim()),
    onSuccess: (response) => {
      replaceTicket(queryClient, response.ticket);
      success({ title: REPLY_SENT, message: `Your reply is on its way to ${ticket.email}.` });
      setMessage('');
      setAlert(null);
    },
    onError: (error) => setAlert(serverTextOr(error, REPLY_FAILED)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reply.isPending) return;
    if (!message.trim()) {
      setAlert(REPLY_REQUIRED);
      return;
    }
    setAlert(null);
    reply.mutate();
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextAreaField
        label="Reply"
        rows={4}
        value={message}
        maxLength={SUPPORT_MESSAGE_MAX}
        help={`Mailed to ${ticket.email} and kept with this message.`}
        onChange={(event) => setMessage(event.target.value)}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          <Send aria-hidden="true" className="size-4" />
          {reply.isPending ? 'Sending...' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}
