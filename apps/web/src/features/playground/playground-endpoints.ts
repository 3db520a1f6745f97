import { type ApiEndpoint, findEndpoint, type Service } from '@conduit/contracts';

/** The call each tab makes: the sync endpoint where there is one, the task endpoint for video. */
export const PLAYGROUND_ENDPOINTS: Record<Service, ApiEndpoint> = {
  image: findEndpoint('generateImage'),
  video: findEndpoint('createVideo'),
  sora: findEndpoint('removeSoraWatermarkSync'),
  linkedin: findEndpoint('scrapeLinkedin'),
};
