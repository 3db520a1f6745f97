/**
 * Calls by model (docs/product.md, "Usage by model"): how the screens and answers that list or sum
 * calls name a call's catalogue model, and the order their per-model rows come in.
 */
import { z } from 'zod';
import { MODELS, modelById } from './models.ts';
import { SERVICE_LABELS, SERVICES, type Service } from './services.ts';

/** The catalogue model a call ran: its id and display name. */
export const CallModel = z.object({
  id: z.string().describe('The model id, as a call names it'),
  name: z.string().describe('The display name, e.g. "Seedream 4.5"'),
});
export type CallModel = z.infer<typeof CallModel>;

/** A recorded model id as the answers name it; null (Sora, LinkedIn) stays null. */
export function callModelOf(id: string | null): CallModel | null {
  if (id === null) return null;
  return { id, name: modelById(id)?.name ?? id };
}

/**
 * One service and model's calls and net credits over a period. Every call is in exactly one such
 * row: `model` is null for Sora and LinkedIn, which have no models.
 */
export const ModelUsage = z.object({
  service: z.enum(SERVICES),
  model: CallModel.nullable(),
  calls: z.number().int(),
  /** Credits charged less credits refunded. */
  credits: z.number().int(),
});
export type ModelUsage = z.infer<typeof ModelUsage>;

const CATALOGUE_ORDER = new Map(MODELS.map((model, index) => [model.id as string, index]));

/** Sorts per-model rows: by service (image, video, sora, linkedin), then in catalogue order. */
export function byServiceAndModel(
  a: { service: Service; model: CallModel | null; variant?: string | null },
  b: { service: Service; model: CallModel | null; variant?: string | null },
): number {
  const rank = (row: { service: Service; model: CallModel | null }) => [
    SERVICES.indexOf(row.service),
    row.model === null ? -1 : (CATALOGUE_ORDER.get(row.model.id) ?? MODELS.length),
  ];
  const [serviceA = 0, modelA = 0] = rank(a);
  const [serviceB = 0, modelB = 0] = rank(b);
  return (
    serviceA - serviceB ||
    modelA - modelB ||
    (a.model?.id ?? '').localeCompare(b.model?.id ?? '') ||
    (a.variant ?? '').localeCompare(b.variant ?? '')
  );
}

/**
 * How a per-model row is named on screen: the model's name; for Sora and LinkedIn, the service's.
 * An image or video call without a recorded model (made while an older server was still running)
 * says so.
 */
export function modelRowLabel(row: { service: Service; model: CallModel | null }): string {
  if (row.model) return row.model.name;
  const service = SERVICE_LABELS[row.service];
  return row.service === 'image' || row.service === 'video' ? `${service}, model not recorded` : service;
}
