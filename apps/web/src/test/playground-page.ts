import {
  creditsOfBody,
  DEFAULT_MODEL,
  type ListedModel,
  listedModelOf,
  MODELS,
  type ModelsAnswer,
  modelRequestJsonSchema,
} from '@conduit/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ApiRoutes, makeUser, mockApi } from './api-mock.ts';
import { makeCallDetail, makeKey, makeKeysResponse } from './fixtures.ts';
import { renderRoute } from './render-route.tsx';

export const PRODUCTION = makeKey({ keyValue: 'cnd_live_production0123456789' });
export const STAGING = makeKey({
  _id: 'key_2',
  keyName: 'Staging',
  keyValue: 'cnd_live_staging9876543210',
});

/**
 * `GET /api/provider/models` as the server answers it: every catalogue model, at its default price
 * (or the one `change` sets, its variants moved with it as the server moves them).
 */
export function modelsAnswer(
  change: (model: ListedModel) => ListedModel | null = (model) => model,
): ModelsAnswer {
  const listed = MODELS.map((model) => {
    const changed = change({
      id: model.id,
      service: model.service,
      name: model.name,
      credits: model.defaultCredits,
      variants: listedModelOf(model, model.defaultCredits).variants,
      isDefault: DEFAULT_MODEL[model.service] === model.id,
      capabilities: [...model.capabilities],
      maxDurationS: model.maxDurationS,
      requestSchema: modelRequestJsonSchema(model),
    });
    return changed && { ...changed, variants: listedModelOf(model, changed.credits).variants };
  });
  return { success: true, data: listed.filter((model) => model !== null) };
}

/**
 * /app/playground signed in with PRODUCTION and STAGING, a balance of 20 that each image or video
 * call lowers by what the body's model costs, and the catalogue's models (unless `routes` say otherwise).
 */
export function openPlayground(routes: ApiRoutes = {}, path = '/app/playground') {
  let balance = 20;
  const priceOf = (service: 'image' | 'video', body: unknown) => {
    const named = (body as { model?: string } | undefined)?.model ?? DEFAULT_MODEL[service];
    const model = MODELS.find((candidate) => candidate.id === named);
    // The server's price: the variant the body selects.
    return model
      ? creditsOfBody(model, listedModelOf(model, model.defaultCredits), body as Record<string, unknown>)
      : 0;
  };
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING]) },
    'GET /api/credits': () => ({
      body: { balance, totalPurchased: 0, totalUsed: 0, usageStats: {}, creditPackages: {}, usageCosts: {} },
    }),
    'GET /api/provider/models': { body: modelsAnswer() },
    'POST /api/provider/image': ({ body }) => {
      balance -= priceOf('image', body);
      return { body: { success: true, data: { taskId: 'task_img', status: 'completed' } } };
    },
    'POST /api/provider/video': ({ body }) => {
      balance -= priceOf('video', body);
      return { body: { success: true, data: { taskId: 'task_vid', status: 'processing' } } };
    },
    'GET /api/calls/task_img': { body: makeCallDetail({ taskId: 'task_img' }) },
    ...routes,
  });
  const view = renderRoute(path);
  return { api, user: userEvent.setup(), ...view };
}

/** The tab panel shown. */
export const playgroundPanel = async () => screen.findByRole('tabpanel');
