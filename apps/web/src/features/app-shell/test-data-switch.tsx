import { TEST_MODE_TEXTS } from '@conduit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { setViewingTestData, useViewingTestData } from '../../lib/test-data-view.ts';

/**
 * "View test data", as Stripe's dashboard has it: the app's lists (calls, logs, usage) show test
 * calls only while it is on. Kept in this browser; every query is read again when it flips. The
 * top bar shows it from tablet width; a phone's top bar has no room for its label, so there it
 * sits in the sidebar's drawer (`className` hides the copy a size does not use).
 */
export function TestDataSwitch({ className = '' }: { className?: string }) {
  const isOn = useViewingTestData();
  const queryClient = useQueryClient();
  return (
    <label className={`inline-flex cursor-pointer items-center gap-2 text-fg text-sm ${className}`}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={isOn}
        checked={isOn}
        onChange={(event) => {
          setViewingTestData(event.target.checked);
          void queryClient.invalidateQueries();
        }}
        className="size-4 accent-amber-500"
      />
      <span>{TEST_MODE_TEXTS.switchLabel}</span>
    </label>
  );
}

/** The banner over every app page while test data is viewed. */
export function TestModeBanner() {
  const isOn = useViewingTestData();
  if (!isOn) return null;
  return (
    <div
      role="status"
      className="mb-6 flex items-center gap-2 rounded-xl border border-amber-500/60 bg-amber-500/10 px-4 py-2 text-fg text-sm"
    >
      <FlaskConical aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
      <span>{TEST_MODE_TEXTS.banner}</span>
    </div>
  );
}
