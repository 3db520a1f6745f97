import { SERVICE_UNITS, type Service } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, Play } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { formatQuantity } from '../../lib/format.ts';
import { creditsQuery } from '../credits/credits-api.ts';

export const RUN_LABEL = 'Run';

/** A form's Run button, what one run costs (the chosen model's price for image and video) and the balance. */
export function RunBar({
  service,
  cost,
  hasKey,
  isPending,
  hasRun,
}: {
  service: Service;
  cost: number;
  hasKey: boolean;
  isPending: boolean;
  /** A run has answered: the balance shown is the one after it. */
  hasRun: boolean;
}) {
  const credits = useQuery(creditsQuery);
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3 border-border border-t pt-5">
      <Button type="submit" disabled={!hasKey || isPending}>
        {isPending ? (
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        ) : (
          <Play aria-hidden="true" className="size-4" />
        )}
        {isPending ? 'Running...' : RUN_LABEL}
      </Button>
      <p className="text-muted text-sm">
        Costs <span className="font-medium text-fg">{formatQuantity(cost, 'credit')}</span> per{' '}
        {SERVICE_UNITS[service]}
        {credits.data && (
          <>
            {' · '}
            {hasRun && !isPending ? 'Balance after the call' : 'Your balance'}:{' '}
            <span className="font-medium text-fg">{formatQuantity(credits.data.balance, 'credit')}</span>
          </>
        )}
      </p>
      {!hasKey && <p className="text-muted text-sm">Choose or create an API key above to run the call.</p>}
    </div>
  );
}
