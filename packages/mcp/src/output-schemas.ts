import { AccountInfo, ImageTask, LinkedinTask, SERVICES, VideoTask } from '@conduit/contracts';
import { z } from 'zod';

/** What every task tool adds to the task's own fields (tool-answers.ts taskSummary). */
const summaryFields = {
  service: z.enum(SERVICES),
  resultUrls: z.array(z.string()).describe('The result files (images or videos); empty until completed'),
  costCredits: z.number().int().describe('What the call cost: charged minus refunded'),
  balance: z.number().int().optional().describe('The balance after the call, when it could be read'),
  checkLater: z.string().optional().describe('Still processing: how to read the task later'),
};
const hidden = { engine: true, statusUrl: true } as const;

export const ImageTaskOutput = ImageTask.omit(hidden).extend(summaryFields);
export const VideoTaskOutput = VideoTask.omit(hidden).extend(summaryFields);
export const LinkedinTaskOutput = LinkedinTask.omit(hidden).extend(summaryFields);
/** get_task reads any service's task: the common fields, and each service's own ones as optional. */
export const AnyTaskOutput = LinkedinTaskOutput.extend({
  videoUrls: VideoTask.shape.videoUrls,
  expiresAt: VideoTask.shape.expiresAt,
});

export const BalanceOutput = AccountInfo.pick({
  balance: true,
  tier: true,
  limits: true,
  remaining: true,
  keyName: true,
  workspace: true,
  livemode: true,
});
