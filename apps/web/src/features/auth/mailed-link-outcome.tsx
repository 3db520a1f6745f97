import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useSingleUseLink } from '../../lib/use-single-use-link.ts';
import { AuthOutcome } from './auth-outcome.tsx';

interface MailedLinkOutcomeProps {
  /** The query key of the link's one request (the token is added). */
  linkKey: readonly string[];
  /** Spends the `?token=` of the page's address; its answer's message is shown on success. */
  spend: (token: string) => Promise<{ message: string }>;
  loadingLabel: string;
  titles: { success: string; failure: string };
  /** Shown when the server's refusal says nothing readable (or there is no token). */
  failureText: string;
  /** Below the message: what to do next, success or not. */
  children?: ReactNode;
}

/**
 * A page a mailed single-use link opens (`?token=...`): the link is spent once, then its outcome, in
 * the server's words, with what to do next. The address-change pages are a few lines each.
 */
export function MailedLinkOutcome({
  linkKey,
  spend,
  loadingLabel,
  titles,
  failureText,
  children,
}: MailedLinkOutcomeProps) {
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useSingleUseLink(linkKey, token, spend);
  if (token !== '' && link.isPending) return <LoadingScreen label={loadingLabel} />;
  return (
    <AuthOutcome
      tone={link.isSuccess ? 'success' : 'danger'}
      title={link.isSuccess ? titles.success : titles.failure}
    >
      <p className="text-fg">{link.isSuccess ? link.data.message : serverTextOr(link.error, failureText)}</p>
      {children}
    </AuthOutcome>
  );
}
