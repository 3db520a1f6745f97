import { type AnyTaskAnswer, readTask, TaskWaitTimeout } from '@conduit/client';
import {
  type ImageModelInput,
  LinkedinRequest,
  SERVICE_COST,
  SERVICES,
  type Service,
  SoraRequest,
  TaskStatusParams,
  type VideoModelInput,
} from '@conduit/contracts';
import { z } from 'zod';
import { checkModelArguments, mediaToolInput } from './model-inputs.ts';
import { AnyTaskOutput, ImageTaskOutput, LinkedinTaskOutput, VideoTaskOutput } from './output-schemas.ts';
import { balanceOf, resultContent, taskSummary } from './tool-answers.ts';
import {
  type ConduitTool,
  defineTool,
  PAID_TOOL,
  READ_TOOL,
  type ToolAnswer,
  type ToolContext,
  type ToolExtra,
} from './tool-kit.ts';

/** Waits for a processing task up to the bound, telling the client how long it has waited. */
async function settle(context: ToolContext, service: Service, answer: AnyTaskAnswer, extra: ToolExtra) {
  if (answer.data.status !== 'processing') return { answer, waited: undefined };
  const token = extra._meta?.progressToken;
  const { waitSeconds } = context;
  try {
    const settled = await context.client.waitForTask(answer.data.taskId, service, {
      intervalMs: context.pollMs,
      timeoutMs: waitSeconds * 1000,
      signal: extra.signal,
      onUpdate: (update, elapsedMs) => {
        if (token === undefined) return;
        void extra.sendNotification({
          method: 'notifications/progress',
          params: {
            progressToken: token,
            progress: Math.min(elapsedMs / 1000, waitSeconds),
            total: waitSeconds,
            message: `${service} task ${update.data.taskId}: ${update.data.status} after ${Math.round(elapsedMs / 1000)} s`,
          },
        });
      },
    });
    return { answer: settled, waited: undefined };
  } catch (error) {
    if (error instanceof TaskWaitTimeout)
      return { answer: error.answer as AnyTaskAnswer, waited: waitSeconds };
    throw error;
  }
}

/** The summary (structured), plus each result file as a resource link (and small images inline). */
async function answerOf(
  context: ToolContext,
  service: Service,
  answer: AnyTaskAnswer,
  waited?: number,
): Promise<ToolAnswer<ReturnType<typeof taskSummary>>> {
  const structured = taskSummary(service, answer, await balanceOf(context.client), waited);
  return { structured, extra: await resultContent(context.client, structured.resultUrls) };
}

/** A tool that starts a paid task, waits for it within the bound, and answers its summary. */
function taskTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: Omit<ConduitTool<Input, Output>, 'run' | 'annotations'> & { service: Service },
  start: (context: ToolContext, input: z.output<Input>) => Promise<AnyTaskAnswer>,
): ConduitTool {
  return defineTool<Input, Output>({
    ...tool,
    annotations: PAID_TOOL,
    async run(input, context, extra) {
      const { answer, waited } = await settle(context, tool.service, await start(context, input), extra);
      return (await answerOf(context, tool.service, answer, waited)) as ToolAnswer<z.output<Output>>;
    },
  });
}

const waitsFor = ({ waitSeconds }: ToolContext) =>
  `waits for it up to ${waitSeconds} s with progress notifications, then answers the task id to read later with get_task`;

export const TASK_TOOLS: ConduitTool[] = [
  taskTool(
    {
      name: 'generate_image',
      service: 'image',
      title: 'Generate an image',
      description: (context) =>
        `Generates an image from a prompt with the chosen model (nano-banana, ${SERVICE_COST.image} credit, when none is named; list_models gives every model's price) and answers its URL (also as a resource link and the image itself), the cost and the balance; a slow image ${waitsFor(context)}. Each field says which models take it; the arguments are checked against the model before anything is charged.`,
      inputSchema: mediaToolInput('image'),
      outputSchema: ImageTaskOutput,
    },
    ({ client }, input) => client.generateImage(checkModelArguments('image', input).body as ImageModelInput),
  ),
  taskTool(
    {
      name: 'create_video',
      service: 'video',
      title: 'Create a video',
      description: (context) =>
        `Generates a video from a prompt with the chosen model (fast, ${SERVICE_COST.video} credits, when none is named; list_models gives every model's price); ${waitsFor(context)}. Answers the video URLs (also as resource links), the cost and the balance. Each field says which models take it; the arguments are checked against the model before anything is charged.`,
      inputSchema: mediaToolInput('video'),
      outputSchema: VideoTaskOutput,
    },
    ({ client }, input) => client.createVideo(checkModelArguments('video', input).body as VideoModelInput),
  ),
  taskTool(
    {
      name: 'remove_sora_watermark',
      service: 'sora',
      title: 'Remove a Sora watermark',
      description: (context) =>
        `Removes the watermark from a Sora share link (${SERVICE_COST.sora} credit); ${waitsFor(context)}. Answers the clean video's URL (also as a resource link), the cost and the balance.`,
      inputSchema: SoraRequest,
      outputSchema: VideoTaskOutput,
    },
    ({ client }, input) => client.removeSoraWatermark(input),
  ),
  taskTool(
    {
      name: 'scrape_linkedin',
      service: 'linkedin',
      title: 'Scrape a LinkedIn profile',
      description: () =>
        `A LinkedIn profile and a page of its posts with their stats (${SERVICE_COST.linkedin} credits); pass the answer's pagination_token for the next page.`,
      inputSchema: LinkedinRequest,
      outputSchema: LinkedinTaskOutput,
    },
    ({ client }, input) => client.scrapeLinkedin(input),
  ),
  defineTool({
    name: 'get_task',
    title: 'Read a task',
    description: () =>
      'The state and results of one of your tasks by its id (free); service narrows the search to one service.',
    inputSchema: TaskStatusParams.extend({ service: z.enum(SERVICES).optional() }),
    outputSchema: AnyTaskOutput,
    annotations: READ_TOOL,
    async run({ taskId, service }, context) {
      const found = await readTask(context.client, taskId, service);
      return answerOf(context, found.service, found.answer) as Promise<
        ToolAnswer<z.output<typeof AnyTaskOutput>>
      >;
    },
  }),
];
