import { type DashboardResponse, ROUTES } from '@conduit/contracts';
import { Circle, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { LabelledCard } from '../../components/ui/labelled-card.tsx';

export const GETTING_STARTED_TITLE = 'Get started';

interface Step {
  label: string;
  isDone: boolean;
  /** Where to do it, while it is not done. */
  action?: { label: string; to: string };
}

export function gettingStartedSteps(
  isVerified: boolean,
  done: DashboardResponse['gettingStarted'],
  canBuy = true,
): Step[] {
  return [
    { label: 'Verify your email address', isDone: isVerified },
    {
      label: 'Create an API key',
      isDone: done.hasCreatedKey,
      action: { label: 'Create a key', to: ROUTES.appApiKeys },
    },
    {
      label: 'Make your first call',
      isDone: done.hasMadeCall,
      action: { label: 'Open the playground', to: ROUTES.appPlayground },
    },
    {
      label: 'Buy credits when your free ones run low',
      isDone: done.hasBoughtCredits,
      // A developer of a team: the owners, admins and billing members buy.
      action: canBuy ? { label: 'Buy credits', to: ROUTES.appCredits } : undefined,
    },
  ];
}

/** A new account's first steps; gone once every one is done. */
export function GettingStarted({
  isVerified,
  done,
  canBuy = true,
}: {
  isVerified: boolean;
  done: DashboardResponse['gettingStarted'];
  canBuy?: boolean;
}) {
  const steps = gettingStartedSteps(isVerified, done, canBuy);
  const doneCount = steps.filter((step) => step.isDone).length;
  if (doneCount === steps.length) return null;
  return (
    <LabelledCard>
      {(headingId) => (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={headingId} className="font-semibold text-fg text-lg">
              {GETTING_STARTED_TITLE}
            </h2>
            <p className="text-muted text-sm">
              {doneCount} of {steps.length} done
            </p>
          </div>
          <ol className="mt-3 divide-y divide-border">
            {steps.map((step) => (
              <li key={step.label} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
                {step.isDone ? (
                  <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden="true" className="size-5 shrink-0 text-muted" />
                )}
                <span className={`flex-1 text-sm ${step.isDone ? 'text-muted line-through' : 'text-fg'}`}>
                  {step.label}
                  <span className="sr-only">{step.isDone ? ' (done)' : ' (to do)'}</span>
                </span>
                {!step.isDone && step.action && (
                  <Link
                    to={step.action.to}
                    className="font-medium text-primary-text text-sm underline-offset-4 hover:underline"
                  >
                    {step.action.label}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </LabelledCard>
  );
}
