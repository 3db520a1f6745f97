import { type ApiEndpointDoc, SERVICE_COST, SERVICE_UNITS, type Service } from '@conduit/contracts';
import { formatQuantity } from '../../lib/format.ts';

/** "1 credit per image", "10 credits per video", "2 credits per request". */
export const serviceCostText = (service: Service) =>
  `${formatQuantity(SERVICE_COST[service], 'credit')} per ${SERVICE_UNITS[service]}`;

/** An endpoint's cost: its service's, or "Free" for status and account endpoints. */
export function costText(endpoint: Pick<ApiEndpointDoc, 'cost' | 'service'>): string {
  if (endpoint.cost === 0 || !endpoint.service) return 'Free';
  return `${formatQuantity(endpoint.cost, 'credit')} per ${SERVICE_UNITS[endpoint.service]}`;
}
