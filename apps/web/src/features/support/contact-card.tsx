import { DEFAULT_SUPPORT_EMAIL, SUPPORT_TEXTS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Clock, type LucideIcon, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { supportContactQuery } from './support-api.ts';

export const CONTACT_TITLE = 'Contact us';

function ContactRow({ Icon, label, children }: { Icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="font-medium text-muted text-xs uppercase tracking-wide">
        <span className="absolute top-0 left-0 flex size-9 items-center justify-center rounded-lg bg-primary-soft">
          <Icon aria-hidden="true" className="size-4 text-primary-text" />
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-fg text-sm">{children}</dd>
    </div>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

/**
 * Support (docs/product.md, "Signed-in area"): email and phone from the server's configuration and
 * the response time. Should the call fail, the product's own address still gives the user a way to
 * reach us.
 */
export function ContactCard() {
  const contact = useQuery(supportContactQuery);
  const email = contact.data?.email ?? DEFAULT_SUPPORT_EMAIL;
  const phone = contact.data?.phone ?? null;
  const linkClasses = 'font-medium text-primary-text underline-offset-4 hover:underline';

  return (
    <PageSection
      title={CONTACT_TITLE}
      summary="Prefer email or a call? Reach the team directly."
      className="rounded-2xl border border-border bg-surface p-6 shadow-card"
    >
      {contact.isPending ? (
        <RowsSkeleton rows={3} rowClassName="h-10" className="mt-5" />
      ) : (
        <dl className="mt-5 space-y-4">
          <ContactRow Icon={Mail} label="Email">
            <a href={`mailto:${email}`} className={linkClasses}>
              <EmailAddress email={email} />
            </a>
          </ContactRow>
          {phone && (
            <ContactRow Icon={Phone} label="Phone">
              <a href={telHref(phone)} className={linkClasses}>
                {phone}
              </a>
            </ContactRow>
          )}
          <ContactRow Icon={Clock} label="Hours">
            <span>Expect a {SUPPORT_TEXTS.responseTime}.</span>
          </ContactRow>
        </dl>
      )}
    </PageSection>
  );
}
