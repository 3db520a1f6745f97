import type { CallResult, Service } from '@conduit/contracts';
import { ImageResults } from './image-results.tsx';
import { LinkedinResult, type NextPageAction } from './linkedin-result.tsx';
import { VideoResults } from './video-results.tsx';

/**
 * What a completed call produced, shown the way its service calls for; the call detail and the
 * playground both show results with this. `onSeen` runs once the result has rendered.
 */
export function ResultView({
  service,
  result,
  prompt,
  nextPage,
  onSeen,
}: {
  service: Service;
  result: CallResult;
  prompt?: string;
  nextPage?: NextPageAction;
  onSeen?: () => void;
}) {
  if (service === 'linkedin') return <LinkedinResult result={result} nextPage={nextPage} onSeen={onSeen} />;
  if (service === 'image')
    return <ImageResults urls={result.resultUrls ?? []} prompt={prompt} onSeen={onSeen} />;
  return <VideoResults urls={result.videoUrls ?? result.resultUrls ?? []} onSeen={onSeen} />;
}
