import { FREE_CREDITS_ON_VERIFY, PRODUCT_NAME } from '@conduit/contracts';
import type { LegalSection } from './legal-document.tsx';
import { Bullets, SupportEmailLink } from './legal-text.tsx';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'data-we-collect',
    heading: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run your account and the API:</p>
        <Bullets
          items={[
            <>
              <strong>Account data:</strong> your email address, a password hash (we never store the password
              itself), your name and avatar if you sign in with Google, your role and whether your email is
              verified.
            </>,
            <>
              <strong>API keys:</strong> the keys you create, their names and permissions. Keys are stored
              encrypted and looked up by a one-way hash.
            </>,
            <>
              <strong>Usage and ledger records:</strong> every credit purchase, free-credit grant (
              {FREE_CREDITS_ON_VERIFY} credits on first verification), debit and refund, with the service
              called, the time and the task identifier.
            </>,
            <>
              <strong>Request content:</strong> the prompts, image and video URLs, usernames and other
              parameters you send to the API, and the results we return.
            </>,
            <>
              <strong>Payment data:</strong> payments are handled by Stripe. We receive the checkout session
              identifier, the amount and the outcome; we never see or store your full card number.
            </>,
            <>
              <strong>Technical data:</strong> IP address, user agent, request identifiers and timestamps,
              used for security, rate limiting and debugging.
            </>,
            <>
              <strong>Messages to support</strong> and, if you join the waitlist or contact sales, the details
              you enter in those forms.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    heading: 'How we use information',
    body: (
      <Bullets
        items={[
          'To create and secure your account, verify your email and authenticate API requests.',
          'To run the services you call, charge the matching credits and refund failed tasks.',
          'To process payments and keep accounting records.',
          'To prevent fraud and abuse, enforce rate limits and our Terms of Service.',
          'To answer support requests and send service emails (verification links, receipts, security notices).',
          'To measure and improve reliability and performance in aggregate.',
        ]}
      />
    ),
  },
  {
    id: 'processors',
    heading: 'Service providers and sub-processors',
    body: (
      <>
        <p>
          We share data with providers only as far as they need it to deliver {PRODUCT_NAME} on our behalf,
          under contracts that require them to protect it:
        </p>
        <Bullets
          items={[
            'Stripe, for payments and fraud prevention.',
            'Upstream AI model providers, which receive your prompts and media URLs to generate images and videos and to remove watermarks.',
            'Upstream data providers, which receive the profile or post identifiers you request for scraping.',
            'Hosting, database, email delivery and monitoring providers.',
          ]}
        />
        <p>We do not sell personal information and we do not use your request content to train models.</p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'Data retention',
    body: (
      <>
        <p>
          Account data is kept while your account is open. Generated files and task results are kept for a
          limited period so you can download them, then deleted. Logs are kept for a short period for security
          and debugging.
        </p>
        <p>
          When you delete your account we delete your profile, API keys and request content. We keep the
          credit ledger and payment records that the law requires for accounting and tax purposes, together
          with the minimum information needed to identify them.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and local storage',
    body: (
      <p>
        We use a session cookie to keep you signed in, and your browser&apos;s local storage to remember
        interface preferences such as light or dark mode, colour and background. We do not use advertising or
        cross-site tracking cookies.
      </p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>
        Data is encrypted in transit. Passwords are hashed with a modern memory-hard algorithm, API keys are
        encrypted at rest, and access to production systems is limited to the people who need it. No system is
        perfectly secure; if we learn of a breach that affects you, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal
        information, and to object to or restrict some processing. You can change most data in your account
        settings or delete the account yourself; for anything else, write to <SupportEmailLink />. You may
        also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: 'international',
    heading: 'International transfers',
    body: (
      <p>
        Our providers may process data in countries other than yours. Where the law requires it, we rely on
        appropriate safeguards such as standard contractual clauses.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    body: (
      <p>
        {PRODUCT_NAME} is a service for developers and businesses and is not directed at children under 16.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    heading: 'Changes and contact',
    body: (
      <p>
        We will post changes to this policy on this page and update the date above; material changes are also
        announced by email. Questions about privacy: <SupportEmailLink />.
      </p>
    ),
  },
];
