import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX, SUPPORT_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { useNotify } from '../notifications/notification-context.ts';
import { OWN_SUPPORT_QUERY_KEY, supportApi } from './support-api.ts';
import { useSendForm } from './use-send-form.ts';

export const FORM_TITLE = 'Send us a message';
export const SENT_TITLE = 'Message sent';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Both fields must hold more than spaces (docs/product.md, "Other forms"); a failure shows the server's
 * text or the generic one. On success a notification confirms and the form empties.
 */
export function SupportForm() {
  const { success } = useNotify();
  const queryClient = useQueryClient();
  const { values, field, frame } = useSendForm(
    { subject: '', message: '' },
    (body) => supportApi.send(body),
    { failed: SUPPORT_TEXTS.sendFailed, required: SUPPORT_TEXTS.bothRequired },
    (response) => {
      success({ title: SENT_TITLE, message: response.message });
      void queryClient.invalidateQueries({ queryKey: OWN_SUPPORT_QUERY_KEY });
    },
  );

  return (
    <PageSection
      title={FORM_TITLE}
      summary="Tell us what you need: an API question, a billing issue, anything. We answer by email."
      className="rounded-2xl border border-border bg-surface p-6 shadow-card"
    >
      <FormFrame className="mt-5 space-y-4" {...frame} submitLabel="Send message">
        <TextField
          label="Subject"
          maxLength={SUPPORT_SUBJECT_MAX}
          placeholder="What can we help with?"
          {...field('subject')}
        />
        <TextAreaField
          label="Message"
          rows={7}
          maxLength={SUPPORT_MESSAGE_MAX}
          placeholder="Describe the problem. Task ids, request ids and error messages help us answer faster."
          help={`${count(values.message.length)} / ${count(SUPPORT_MESSAGE_MAX)} characters`}
          {...field('message')}
        />
      </FormFrame>
    </PageSection>
  );
}
