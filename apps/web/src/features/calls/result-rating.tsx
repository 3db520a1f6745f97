import { appPath, type CallDetail, USAGE_ROUTES } from '@conduit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { callRoute } from '../../lib/api-client.ts';
import { serverTextOr } from '../../lib/server-error.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { usageQuery } from '../usage/dashboard-queries.ts';
import { callQueryKey } from './calls-api.ts';

export const RATING_SAVE_FAILED = 'Failed to save your rating';
export const SAVE_RATING = 'Save rating';
const STARS = [1, 2, 3, 4, 5] as const;

/** PUT /api/usage/:taskId/rating; the call and the usage history then show the saved rating. */
function useSaveRating(taskId: string) {
  const queryClient = useQueryClient();
  const { error: notifyError } = useNotify();
  return useMutation({
    mutationFn: (rating: number) =>
      callRoute(USAGE_ROUTES.rateResult, { path: appPath('rateResult', { taskId }), body: { rating } }),
    onSuccess: ({ rating }) => {
      queryClient.setQueryData<CallDetail>(callQueryKey(taskId), (call) => call && { ...call, rating });
      void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
    },
    onError: (error) =>
      notifyError({ title: RATING_SAVE_FAILED, message: serverTextOr(error, 'Please try again.') }),
  });
}

/**
 * A 1-5 star rating of a result the user has seen. Choosing stars only marks them; "Save rating"
 * saves, so a stray click or an arrow key never records a rating. A radio group with nothing to
 * type or check field by field, so it keeps its one choice in state instead of the form hooks
 * (useFormFields); a failed save is a notification, as for the other one-click actions.
 */
export function ResultRating({ taskId, rating }: { taskId: string; rating: number | null }) {
  const name = useId();
  const save = useSaveRating(taskId);
  const [chosen, setChosen] = useState<number | null>(rating);
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? chosen ?? 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null) save.mutate(chosen);
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <fieldset>
        <legend className="sr-only">Rate this result</legend>
        <div className="flex" onPointerLeave={() => setPreview(null)}>
          {STARS.map((value) => (
            <label
              key={value}
              onPointerEnter={() => setPreview(value)}
              className="cursor-pointer rounded p-1 text-muted hover:text-warning has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-primary-text"
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={chosen === value}
                onChange={() => setChosen(value)}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={`size-6 ${value <= shown ? 'fill-warning text-warning' : ''}`}
              />
              <span className="sr-only">{`${value} of 5`}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={chosen === null || chosen === rating || save.isPending}
      >
        {save.isPending ? 'Saving...' : SAVE_RATING}
      </Button>
      <p role="status" className="text-muted text-sm">
        {rating !== null && chosen === rating ? `Your rating: ${rating} of 5` : ''}
      </p>
    </form>
  );
}
