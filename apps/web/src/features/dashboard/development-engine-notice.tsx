import type { DashboardResponse } from '@conduit/contracts';
import { FlaskConical } from 'lucide-react';
import { Notice } from '../../components/ui/notice.tsx';

export const DEVELOPMENT_ENGINE_TITLE = 'Development engine';
export const DEVELOPMENT_ENGINE_TEXT =
  'This installation answers paid calls with its local development engine: images, videos and LinkedIn data are generated here from your request, not by an upstream provider. Credits are charged as in production.';

/** Shown while the installation runs the local engine, so nobody mistakes its results for real upstream output. */
export function DevelopmentEngineNotice({ engine }: { engine: DashboardResponse['engine'] }) {
  if (!engine.isDevelopmentEngine) return null;
  return (
    <Notice title={DEVELOPMENT_ENGINE_TITLE} lead="." icon={FlaskConical} landmark="aside">
      <span className="text-muted">{DEVELOPMENT_ENGINE_TEXT}</span>
    </Notice>
  );
}
