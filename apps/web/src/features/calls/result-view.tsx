import type { CallResult, Service } from '@conduit/contracts';
import { imageFile } from './image-results.tsx';
import { LinkedinResult, type NextPageAction } from './linkedin-result.tsx';
import { ResultFiles } from './result-file-actions.tsx';
import { videoFile } from './video-results.tsx';

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
  if (service === 'image') {
    return <ResultFiles urls={result.resultUrls ?? []} noun="image" render={imageFile(prompt, onSeen)} />;
  }
  return (
    <ResultFiles urls={result.videoUrls ?? result.resultUrls ?? []} noun="video" render={videoFile(onSeen)} />
  );
}
