import { Webhook } from 'lucide-react';
import { useId } from 'react';
import { CopyButton } from '../../components/ui/copy-button.tsx';

export const WEBHOOK_SECRET_TITLE = 'Webhook signing secret';

/** The account's Standard Webhooks secret, for checking the callBackUrl calls really come from us. */
export function WebhookSecretCard({ secret }: { secret: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-5 shadow-card"
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-fg">
        <Webhook aria-hidden="true" className="size-5 text-primary-text" />
        {WEBHOOK_SECRET_TITLE}
      </h2>
      <p className="mt-1 text-muted text-sm">
        Calls to your callBackUrl carry a webhook-signature header made with this secret: verify it to know a
        result came from us.
      </p>
      <div className="mt-3">
        <CopyButton value={secret} />
      </div>
    </section>
  );
}
