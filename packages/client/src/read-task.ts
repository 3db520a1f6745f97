import { SERVICES, type Service } from '@conduit/contracts';
import { NotFoundError } from './api-error.ts';
import type { ConduitClient, TaskAnswers } from './conduit-client.ts';

export type AnyTaskAnswer = TaskAnswers[Service];

const STATUS_READERS: Record<Service, (client: ConduitClient, taskId: string) => Promise<AnyTaskAnswer>> = {
  image: (client, taskId) => client.getImageStatus(taskId),
  video: (client, taskId) => client.getVideoStatus(taskId),
  sora: (client, taskId) => client.getSoraStatus(taskId),
  linkedin: (client, taskId) => client.getLinkedinStatus(taskId),
};

/**
 * A task by its id: from its service's status endpoint, or, with no service given, from the
 * first status endpoint that knows it (each service answers 404 for the others' tasks).
 */
export async function readTask(
  client: ConduitClient,
  taskId: string,
  service?: Service,
): Promise<{ service: Service; answer: AnyTaskAnswer }> {
  if (service) return { service, answer: await STATUS_READERS[service](client, taskId) };
  let notFound: unknown;
  for (const candidate of SERVICES) {
    try {
      return { service: candidate, answer: await STATUS_READERS[candidate](client, taskId) };
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      notFound = error;
    }
  }
  throw notFound;
}
