import type { CallResult } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LinkedinPostsTable } from './linkedin-posts-table.tsx';
import { LinkedinProfileCard } from './linkedin-profile-card.tsx';
import { RawJson } from './raw-json.tsx';

export interface NextPageAction {
  label: string;
  onNextPage: (paginationToken: string) => void;
  isPending?: boolean;
}

/** The profile as a card, its posts as a table, the next page on the answer's token, the raw JSON. */
export function LinkedinResult({
  result,
  nextPage,
  onSeen,
}: {
  result: CallResult;
  nextPage?: NextPageAction;
  onSeen?: () => void;
}) {
  useEffect(() => onSeen?.(), [onSeen]);
  const token = result.pagination_token;
  const name = result.profile?.name ?? 'the profile';
  return (
    <div className="space-y-5">
      {result.profile && <LinkedinProfileCard profile={result.profile} />}
      <LinkedinPostsTable posts={result.posts ?? []} caption={`Posts of ${name}`} />
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {token && nextPage ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={nextPage.isPending}
            onClick={() => nextPage.onNextPage(token)}
          >
            {nextPage.label}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
        <p className="text-muted">
          {token
            ? 'More posts follow: the answer carries a pagination_token.'
            : 'This is the last page of posts.'}
        </p>
      </div>
      <RawJson value={result} />
    </div>
  );
}
