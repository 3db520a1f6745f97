import type { RateResultResponse, UsageItem, UsageResponse } from '@conduit/contracts';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { apiClient } from '../../lib/api-client.ts';
import { serverTextOr } from '../auth/auth-error-text.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { usageQuery } from './dashboard-queries.ts';

export const RATING_SAVE_FAILED = 'Failed to save your rating';
const STARS = [1, 2, 3, 4, 5] as const;

type UsagePages = InfiniteData<UsageResponse, string | null>;

const withRating = (pages: UsagePages, taskId: string, rating: number | null): UsagePages => ({
  ...pages,
  pages: pages.pages.map((page) => ({
    ...page,
    items: page.items.map((item) => (item.taskId === taskId ? { ...item, rating } : item)),
  })),
});

/** PUT /api/usage/:taskId/rating, shown at once and put back if the server refuses it. */
function useRateResult(taskId: string) {
  const queryClient = useQueryClient();
  const { error: notifyError } = useNotify();
  const { queryKey } = usageQuery;
  return useMutation({
    mutationFn: (rating: number) =>
      apiClient.put<RateResultResponse>(`/api/usage/${encodeURIComponent(taskId)}/rating`, { rating }),
    onMutate: async (rating) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<UsagePages>(queryKey);
      if (previous) queryClient.setQueryData<UsagePages>(queryKey, withRating(previous, taskId, rating));
      return { previous };
    },
    onError: (error, _rating, context) => {
      if (context?.previous) queryClient.setQueryData<UsagePages>(queryKey, context.previous);
      notifyError({ title: RATING_SAVE_FAILED, message: serverTextOr(error, 'Please try again.') });
    },
    onSuccess: (response) => {
      const current = queryClient.getQueryData<UsagePages>(queryKey);
      if (current)
        queryClient.setQueryData<UsagePages>(queryKey, withRating(current, taskId, response.rating));
    },
  });
}

/** A 1-5 star rating of one finished result: five buttons, the chosen ones filled. */
export function ResultRating({ item }: { item: UsageItem }) {
  const rate = useRateResult(item.taskId);
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? item.rating ?? 0;

  return (
    <fieldset className="inline-flex items-center" onPointerLeave={() => setPreview(null)}>
      <legend className="sr-only">
        {item.rating ? `Your rating: ${item.rating} of 5` : 'Rate this result'}
      </legend>
      {STARS.map((value) => (
        <button
          key={value}
          type="button"
          aria-label={`Rate ${value} of 5`}
          aria-pressed={item.rating === value}
          title={`${value} of 5`}
          onPointerEnter={() => setPreview(value)}
          onFocus={() => setPreview(value)}
          onBlur={() => setPreview(null)}
          onClick={() => {
            if (item.rating !== value) rate.mutate(value);
          }}
          className="rounded p-1 text-muted hover:text-warning"
        >
          <Star
            aria-hidden="true"
            className={`size-4 ${value <= shown ? 'fill-warning text-warning' : ''}`}
          />
        </button>
      ))}
    </fieldset>
  );
}
