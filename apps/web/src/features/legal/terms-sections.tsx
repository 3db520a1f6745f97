import { PRODUCT_NAME } from '@conduit/contracts';
import type { LegalSection } from './legal-document.tsx';
import { Bullets, SupportEmailLink } from './legal-text.tsx';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'accounts',
    heading: 'Your account',
    body: (
      <p>
        You need an account to use the API. Give us accurate information, keep your password safe and tell us
        at once if you suspect unauthorised access. You are responsible for everything done with your account.
        You must be old enough to enter a binding contract, and if you sign up for an organisation you confirm
        that you may bind it to these terms.
      </p>
    ),
  },
  {
    id: 'api-keys',
    heading: 'API keys',
    body: (
      <p>
        API keys identify your account on every request and spend its credits. Treat them like passwords: keep
        them out of client-side code and public repositories, and revoke any key you believe is exposed. Usage
        made with your keys is charged to you until the key is deleted.
      </p>
    ),
  },
  {
    id: 'credits-payments',
    heading: 'Credits and payments',
    body: (
      <Bullets
        items={[
          `${PRODUCT_NAME} is pay as you go: you buy credit packs and each call spends the credits shown on our pricing page and in the documentation.`,
          'Credits never expire while your account is open.',
          'Credits are non-refundable and cannot be exchanged for cash, except where the law requires a refund.',
          'Credits are debited when a task starts. If a task fails on our side, its credits are returned to your balance automatically.',
          'Payments are processed by Stripe. Prices are in US dollars and may exclude taxes that apply to you.',
          'We may change prices for future purchases; credits you already hold keep their value.',
        ]}
      />
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    body: (
      <>
        <p>You agree not to use {PRODUCT_NAME}, directly or through your own users, to:</p>
        <Bullets
          items={[
            'break any law or infringe anyone’s intellectual property, privacy or publicity rights;',
            'generate sexual content involving minors, non-consensual intimate imagery, or content that harasses, threatens or defames real people;',
            'create deceptive media meant to impersonate a real person or mislead others about its origin;',
            'remove watermarks from content you do not own or have no right to modify;',
            'scrape anything other than publicly available data, or use scraped data for spam, stalking, discrimination or any purpose the law forbids;',
            'probe, overload or bypass the security, rate limits or billing of the service, or resell access without our written agreement.',
          ]}
        />
        <p>
          When you collect personal data through the LinkedIn endpoints, you are the controller of that data
          and must have a lawful basis for processing it and honour the rights of the people it describes.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    heading: 'Your content and outputs',
    body: (
      <p>
        You keep your rights in the prompts and media you send. Subject to these terms and the terms of the
        upstream model providers, you may use the outputs for any lawful purpose. Generated content can be
        inaccurate or resemble existing works; you are responsible for checking it before use.
      </p>
    ),
  },
  {
    id: 'third-parties',
    heading: 'Upstream providers',
    body: (
      <p>
        Generation, watermark removal and scraping rely on third-party processors. Their availability and
        behaviour can change; we may switch providers or models to keep the service running, and we describe
        material changes in the documentation.
      </p>
    ),
  },
  {
    id: 'availability',
    heading: 'Availability and changes',
    body: (
      <p>
        We work hard to keep the API available but do not guarantee uninterrupted service. We may change or
        retire features; where a change removes functionality you rely on, we will give reasonable notice.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and termination',
    body: (
      <p>
        You can delete your account at any time from your settings. We may suspend or close accounts that
        break these terms or put the service or others at risk. Unused credits are not refunded on termination
        for a breach, except where the law requires. Ledger and payment records are kept as described in our
        Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Disclaimers and liability',
    body: (
      <p>
        The service is provided “as is”. To the extent the law allows, we disclaim implied warranties, and our
        total liability for any claim is limited to the amount you paid us in the twelve months before it
        arose. We are not liable for indirect or consequential losses. Nothing in these terms limits liability
        that cannot be limited by law.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    heading: 'Changes and contact',
    body: (
      <p>
        We may update these terms; we will post the new version here with a new date and notify you by email
        of material changes. Continuing to use the service after that means you accept them. Questions:{' '}
        <SupportEmailLink />.
      </p>
    ),
  },
];
