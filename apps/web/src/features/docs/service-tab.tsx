import { API_ENDPOINTS, SERVICE_COST, SERVICE_LABELS } from '@conduit/contracts';
import type { DocsTab } from './docs-tabs.ts';
import { EndpointSection } from './endpoint-section.tsx';
import { ModelsSection } from './models-section.tsx';

export type ServiceTab = Extract<DocsTab, 'image' | 'video' | 'sora' | 'linkedin' | 'tasks'>;

const INTRO: Record<ServiceTab, string> = {
  image: `Images from a text prompt, optionally guided by reference images. ${SERVICE_COST.image} credit per image; the call waits for the file.`,
  video: `Videos from a prompt or from images. ${SERVICE_COST.video} credits per video; the call answers a task id at once and the video follows.`,
  sora: `Removes the watermark from a Sora video, given its share link. ${SERVICE_COST.sora} credit per video; wait for it, or start a task.`,
  linkedin: `A LinkedIn profile and its posts with their stats, a page at a time. ${SERVICE_COST.linkedin} credits per request.`,
  tasks:
    'Every task of your workspace, whatever its service: list them, read one, cancel one (the answer says exactly what is refunded), and get a price before you pay. Every paid call also takes maxCredits and quoteId in its body, and the Cancel-After header (a task not started by then ends aborted, refunded); the task endpoints that answer at once take Prefer: wait=N (up to 60 s). Every task answer carries deadlineAt: a task not settled by then fails and is refunded, and its webhook is sent.',
};
const TITLES: Partial<Record<ServiceTab, string>> = { tasks: 'Tasks and prices' };

/** One service: a short introduction, then each of its endpoints. */
export function ServiceTabPanel({ tab }: { tab: ServiceTab }) {
  return (
    <div>
      <h2 className="font-semibold text-2xl text-fg tracking-tight">
        {TITLES[tab] ?? SERVICE_LABELS[tab as Exclude<ServiceTab, 'tasks'>]}
      </h2>
      <p className="mt-3 text-muted leading-relaxed">{INTRO[tab]}</p>
      <div className="mt-10 space-y-16">
        {tab === 'tasks' ? <ModelsSection /> : null}
        {API_ENDPOINTS.filter((endpoint) => endpoint.tab === tab).map((endpoint) => (
          <EndpointSection key={endpoint.id} endpoint={endpoint} />
        ))}
      </div>
    </div>
  );
}
