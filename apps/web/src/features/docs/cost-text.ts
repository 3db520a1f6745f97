import { type ApiEndpointDoc, SERVICE_COST, SERVICE_UNITS, type Service } from '@conduit/contracts';

const credits = (count: number) => `${count} ${count === 1 ? 'credit' : 'credits'}`;

/** "1 credit per image", "10 credits per video", "2 credits per request". */
export const serviceCostText = (service: Service) =>
  `${credits(SERVICE_COST[service])} per ${SERVICE_UNITS[service]}`;

/** An endpoint's cost: its service's, or "Free" for status and account endpoints. */
export function costText(endpoint: Pick<ApiEndpointDoc, 'cost' | 'service'>): string {
  if (endpoint.cost === 0 || !endpoint.service) return 'Free';
  return `${credits(endpoint.cost)} per ${SERVICE_UNITS[endpoint.service]}`;
}
