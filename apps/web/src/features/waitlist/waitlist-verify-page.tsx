import { isEmail, WAITLIST_TEXTS } from '@conduit/contracts';

import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSingleUseLink } from '../../lib/use-single-use-link.ts';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { failureText, waitlistApi } from './waitlist-api.ts';
import { WaitlistPageFrame } from './waitlist-page-frame.tsx';

/** A fresh confirmation link for the address the visitor types. */
function ResendByEmail() {
  const [email, setEmail] = useState('');
  return (
    <div className="mt-6 space-y-3">
      <TextField
        label="Your email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {isEmail(email) && <ResendConfirmationButton email={email.trim()} />}
    </div>
  );
}

export const CONFIRMING_LABEL = 'Confirming your email...';

/** The page path of the mailed status link (same site), for an in-app link. */
const pathOf = (link: string) => {
  const url = new URL(link, window.location.origin);
  return `${url.pathname}${url.search}`;
};

/**
 * /waitlist/verify?token=...: confirms the address once (a query keyed by the single-use token, so
 * StrictMode's second mount shares the one request), then links to the private status page.
 */
export function WaitlistVerifyPage() {
  useDocumentTitle('Confirm your email');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useSingleUseLink(['waitlist', 'verify'], token, waitlistApi.verify);

  if (!token || verification.isError) {
    return (
      <WaitlistPageFrame title="Confirmation failed">
        <p className="mt-3 flex items-start gap-2 text-fg">
          <CircleAlert aria-hidden="true" className="mt-1 size-4 shrink-0 text-danger" />
          {token ? failureText(verification.error, WAITLIST_TEXTS.invalidToken) : WAITLIST_TEXTS.missingToken}
        </p>
        <ResendByEmail />
        <ButtonLink to="/" variant="secondary" className="mt-6">
          Back to the waitlist
        </ButtonLink>
      </WaitlistPageFrame>
    );
  }
  if (!verification.data) return <LoadingScreen label={CONFIRMING_LABEL} />;
  return (
    <WaitlistPageFrame title="Email confirmed">
      <p className="mt-3 flex items-start gap-2 text-fg">
        <CircleCheck aria-hidden="true" className="mt-1 size-4 shrink-0 text-success" />
        {verification.data.message}
      </p>
      <ButtonLink to={pathOf(verification.data.statusLink)} className="mt-6">
        See my position
      </ButtonLink>
    </WaitlistPageFrame>
  );
}
