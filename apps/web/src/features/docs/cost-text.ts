import { type ApiEndpointDoc, SERVICE_COST, type Service } from '@conduit/contracts';

/** What one unit of each service is: the cost is charged per unit. */
const UNIT: Record<Service, string> = { image: 'image', video: 'video', sora: 'video', linkedin: 'request' };

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/** "1 credit per image", "10 credits per video", "2 credits per request". */
export const serviceCostText = (service: Service) => `${credits(SERVICE_COST[service])} per ${UNIT[service]}`;

/** An endpoint's cost: its service's, or "Free" for status and account endpoints. */
export function costText(endpoint: Pick<ApiEndpointDoc, 'cost' | 'service'>): string {
  if (endpoint.cost === 0 || !endpoint.service) return 'Free';
  return `${credits(endpoint.cost)} per ${UNIT[endpoint.service]}`;
}
