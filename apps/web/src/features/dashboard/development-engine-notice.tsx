import type { DashboardResponse } from '@conduit/contracts';
import { FlaskConical } from 'lucide-react';

export const DEVELOPMENT_ENGINE_TITLE = 'Development engine';
export const DEVELOPMENT_ENGINE_TEXT =
  'This installation answers paid calls with its local development engine: images, videos and LinkedIn data are generated here from your request, not by an upstream provider. Credits are charged as in production.';

/** Shown while the installation runs the local engine, so nobody mistakes its results for real upstream output. */
export function DevelopmentEngineNotice({ engine }: { engine: DashboardResponse['engine'] }) {
  if (!engine.isDevelopmentEngine) return null;
  return (
    <aside
      aria-label={DEVELOPMENT_ENGINE_TITLE}
      className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <p className="text-fg">
        <span className="font-semibold">{DEVELOPMENT_ENGINE_TITLE}.</span>{' '}
        <span className="text-muted">{DEVELOPMENT_ENGINE_TEXT}</span>
      </p>
    </aside>
  );
}
