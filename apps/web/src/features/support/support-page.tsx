import { PageTitle } from '../../components/ui/page-title.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ContactCard } from './contact-card.tsx';
import { OwnTickets } from './own-tickets.tsx';
import { SupportForm } from './support-form.tsx';

/**
 * /app/support: how to reach us, and a message form whose answer comes by email (docs/product.md, "Signed-in area"),
 * then the messages sent so far with the team's replies.
 */
export function SupportPage() {
  useDocumentTitle('Support');
  return (
    <div className="max-w-5xl space-y-6">
      <PageTitle
        title="Support"
        lead="Questions about the API, billing or your account? We are here to help."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ContactCard />
        <SupportForm />
      </div>
      <OwnTickets />
    </div>
  );
}
