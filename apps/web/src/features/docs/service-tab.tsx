import { API_ENDPOINTS, SERVICE_COST, SERVICE_LABELS } from '@conduit/contracts';
import type { DocsTab } from './docs-tabs.ts';
import { EndpointSection } from './endpoint-section.tsx';

export type ServiceTab = Extract<DocsTab, 'image' | 'video' | 'sora' | 'linkedin'>;

const INTRO: Record<ServiceTab, string> = {
  image: `Images from a text prompt, optionally guided by reference images. ${SERVICE_COST.image} credit per image; the call waits for the file.`,
  video: `Videos from a prompt or from images. ${SERVICE_COST.video} credits per video; the call answers a task id at once and the video follows.`,
  sora: `Removes the watermark from a Sora video, given its share link. ${SERVICE_COST.sora} credit per video; wait for it, or start a task.`,
  linkedin: `A LinkedIn profile and its posts with their stats, a page at a time. ${SERVICE_COST.linkedin} credits per request.`,
};

/** One service: a short introduction, then each of its endpoints. */
export function ServiceTabPanel({ tab }: { tab: ServiceTab }) {
  return (
    <div>
      <h2 className="font-semibold text-2xl text-fg tracking-tight">{SERVICE_LABELS[tab]}</h2>
      <p className="mt-3 text-muted leading-relaxed">{INTRO[tab]}</p>
      <div className="mt-10 space-y-16">
        {API_ENDPOINTS.filter((endpoint) => endpoint.tab === tab).map((endpoint) => (
          <EndpointSection key={endpoint.id} endpoint={endpoint} />
        ))}
      </div>
    </div>
  );
}
