import { ListedModel } from '@conduit/contracts';
import { z } from 'zod';
import { type ConduitTool, defineTool, READ_TOOL } from './tool-kit.ts';

/** A model as list_models answers it: its request schema as field names (the tools' own schemas describe them). */
const ModelOutput = ListedModel.omit({ requestSchema: true }).extend({
  fields: z
    .array(z.string())
    .describe('Its own fields besides prompt: generate_image or create_video takes them for this model'),
});
const ModelListOutput = z.object({ models: z.array(ModelOutput) });

export const MODEL_TOOLS: ConduitTool[] = [
  defineTool({
    name: 'list_models',
    title: 'List the models',
    description: () =>
      "The image and video models this Conduit server has enabled (free): each one's id (the tools' model argument), price in credits per call and per variant (the body values that change it, such as duration, resolution, sound, quality), whether it is the service's default, capabilities, longest task and own fields.",
    inputSchema: z.object({
      service: z.enum(['image', 'video']).optional().describe('Only this service’s models'),
    }),
    outputSchema: ModelListOutput,
    annotations: READ_TOOL,
    async run({ service }, { client }) {
      const { data } = await client.listModels();
      const models = data
        .filter((model) => !service || model.service === service)
        .map(({ requestSchema, ...model }) => ({
          ...model,
          fields: Object.keys((requestSchema.properties ?? {}) as object).filter(
            (name) => name !== 'model' && name !== 'prompt',
          ),
        }));
      return { structured: { models } };
    },
  }),
];
