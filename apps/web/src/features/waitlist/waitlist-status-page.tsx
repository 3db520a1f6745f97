import { WAITLIST_TEXTS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, MailWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ReferralShare } from './referral-share.tsx';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { StandingFigures } from './standing-figures.tsx';
import { failureText, waitlistApi } from './waitlist-api.ts';
import { WaitlistPageFrame } from './waitlist-page-frame.tsx';

/**
 * /waitlist/status?email=...&token=...: the position and referrals of the entry, shown only for
 * the signed link mailed to the address. Without the token (the success view links here with the
 * address alone) it asks the visitor to open the mailed link, and can send it again.
 */
export function WaitlistStatusPage() {
  useDocumentTitle('Your waitlist status');
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const token = searchParams.get('token') ?? '';
  const status = useQuery({
    queryKey: ['waitlist', 'status', email, token],
    queryFn: () => waitlistApi.status(email, token),
    enabled: email !== '' && token !== '',
    retry: false,
  });

  if (!token) {
    return (
      <WaitlistPageFrame title="Check your email">
        <p className="mt-3 text-muted">
          Your position is private. Open the status link in the email we sent
          {email ? (
            <>
              {' '}
              to <EmailAddress email={email} className="font-medium text-fg" />
            </>
          ) : null}{' '}
          to see it.
        </p>
        {email && (
          <div className="mt-6">
            <ResendConfirmationButton email={email} />
          </div>
        )}
      </WaitlistPageFrame>
    );
  }
  if (status.isError) {
    return (
      <WaitlistPageFrame title="Your waitlist status">
        <div className="mt-4">
          <FormAlert>{failureText(status.error, WAITLIST_TEXTS.failed)}</FormAlert>
        </div>
      </WaitlistPageFrame>
    );
  }
  if (!status.data) return <LoadingScreen />;
  const standing = status.data;
  return (
    <WaitlistPageFrame title="Your waitlist status">
      <p className="mt-3 flex items-center gap-2 text-muted">
        {standing.verified ? (
          <CircleCheck aria-hidden="true" className="size-4 text-success" />
        ) : (
          <MailWarning aria-hidden="true" className="size-4 text-warning" />
        )}
        <span>
          <EmailAddress email={standing.email} /> ·{' '}
          {standing.verified ? 'Email confirmed' : 'Email not confirmed yet'}
        </span>
      </p>
      <div className="mt-6">
        <StandingFigures standing={standing} />
      </div>
      {!standing.verified && (
        <div className="mt-6 space-y-3">
          <p className="text-muted text-sm">
            Confirm your email to keep your place and make your referrals count.
          </p>
          <ResendConfirmationButton email={standing.email} />
        </div>
      )}
      <div className="mt-8 border-border border-t pt-6">
        <ReferralShare referralLink={standing.referralLink} />
      </div>
    </WaitlistPageFrame>
  );
}
