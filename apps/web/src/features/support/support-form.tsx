import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { OWN_SUPPORT_QUERY_KEY, supportApi } from './support-api.ts';
import { TextAreaField } from './text-area-field.tsx';

export const FORM_TITLE = 'Send us a message';
export const SENT_TITLE = 'Message sent';

/**
 * Both fields must hold more than spaces (docs/product.md, "Other forms"); a failure shows the server's
 * text or the generic one. On success a notification confirms and the form empties.
 */
export function SupportForm() {
  const { success } = useNotify();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [alert, setAlert] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () => supportApi.send({ subject: subject.trim(), message: message.trim() }),
    onSuccess: (response) => {
      success({ title: SENT_TITLE, message: response.message });
      void queryClient.invalidateQueries({ queryKey: OWN_SUPPORT_QUERY_KEY });
      setSubject('');
      setMessage('');
      setAlert(null);
    },
    onError: (error) => setAlert(serverTextOr(error, SUPPORT_TEXTS.sendFailed)),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!subject.trim() || !message.trim()) {
      setAlert(SUPPORT_TEXTS.bothRequired);
      return;
    }
    setAlert(null);
    send.mutate();
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-border bg-surface p-6 shadow-card"
    >
      <h2 id={titleId} className="font-semibold text-fg text-lg">
        {FORM_TITLE}
      </h2>
      <p className="mt-1 text-muted text-sm">
        Tell us what you need: an API question, a billing issue, anything. We answer by email.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <TextField
          label="Subject"
          name="subject"
          value={subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          placeholder="What can we help with?"
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextAreaField
          label="Message"
          name="message"
          value={message}
          rows={7}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder="Describe the problem. Task ids, request ids and error messages help us answer faster."
          help={`${message.length.toLocaleString('en-US')} / ${SUPPORT_MESSAGE_MAX.toLocaleString('en-US')} characters`}
          onChange={(event) => setMessage(event.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={send.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? 'Sending...' : 'Send message'}
          </Button>
        </div>
      </form>
    </section>
  );
}
