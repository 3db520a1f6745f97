import { writeFile } from 'node:fs/promises';
import {
  IMAGE_FORMATS,
  IMAGE_SIZES,
  SERVICES,
  type Service,
  VIDEO_ASPECT_RATIOS,
  VIDEO_MODELS,
} from '@conduit/contracts';
import { ConduitApiError } from '../api-error.ts';
import type { ConduitClient } from '../conduit-client.ts';
import { type AnyTaskAnswer, readTask } from '../read-task.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { listen } from './listen.ts';
import { trigger } from './trigger.ts';

/** What the command line said, after parsing. */
export interface CliInput {
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
}

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

export class UsageError extends Error {}

const text = (input: CliInput, name: string) => input.values[name] as string | undefined;
const list = (input: CliInput, name: string) => input.values[name] as string[] | undefined;

function oneOf<T extends string>(input: CliInput, name: string, allowed: readonly T[]): T | undefined {
  const value = text(input, name);
  if (value !== undefined && !allowed.includes(value as T))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T | undefined;
}

function whole(input: CliInput, name: string): number | undefined {
  const value = text(input, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
  return Number(value);
}

function argument(input: CliInput, what: string): string {
  const value = input.positionals[1];
  if (!value) throw new UsageError(`Missing ${what}`);
  return value;
}

const urlsOf = (answer: AnyTaskAnswer): string[] => {
  const data = answer.data as { videoUrls?: string[]; resultUrls?: string[] };
  return data.videoUrls ?? data.resultUrls ?? [];
};

/** Shared by the task commands: wait if asked (progress on stderr), print, download, exit code. */
async function finishTask(
  client: ConduitClient,
  input: CliInput,
  io: CliIo,
  service: Service,
  first: AnyTaskAnswer,
  wait: boolean,
): Promise<number> {
  let answer = first;
  if (wait && answer.data.status === 'processing') {
    const timeoutS = whole(input, 'timeout') ?? 600;
    answer = await client.waitForTask(answer.data.taskId, service, {
      intervalMs: 1_000,
      timeoutMs: timeoutS * 1000,
      onUpdate: (update, elapsedMs) =>
        io.err(`${service} ${update.data.taskId}: ${update.data.status} (${Math.round(elapsedMs / 1000)} s)`),
    });
  }
  const { data } = answer;
  if (input.values.json) io.out(JSON.stringify(data, null, 2));
  if (data.status === 'failed') {
    io.err(`${service} ${data.taskId} failed: ${data.error ?? 'unknown error'} (credits refunded)`);
    return EXIT_CODES.failed;
  }
  if (data.status === 'processing') {
    if (!input.values.json) io.out(data.taskId);
    io.err(`${service} ${data.taskId} is processing: check it with \`conduit task ${data.taskId}\``);
    return wait ? EXIT_CODES.stillProcessing : EXIT_CODES.ok;
  }
  const urls = urlsOf(answer);
  if (!input.values.json) for (const url of urls) io.out(url);
  io.err(`${service} ${data.taskId} completed: ${data.creditsUsed} credit(s)`);
  const out = text(input, 'out');
  if (out && urls[0]) {
    const response = await fetch(urls[0]);
    if (!response.ok) throw new ConduitApiError(response.status, await response.text(), response.headers);
    await writeFile(out, Buffer.from(await response.arrayBuffer()));
    io.err(`saved ${out}`);
  }
  return EXIT_CODES.ok;
}

const paid = (input: CliInput) => ({ idempotencyKey: text(input, 'idempotency-key') });

export const COMMANDS: Record<
  string,
  (client: ConduitClient, input: CliInput, io: CliIo) => Promise<number>
> = {
  async image(client, input, io) {
    const answer = await client.generateImage(
      {
        prompt: argument(input, 'prompt'),
        image_size: oneOf(input, 'size', IMAGE_SIZES),
        output_format: oneOf(input, 'format', IMAGE_FORMATS),
        image_urls: list(input, 'image-url'),
      },
      paid(input),
    );
    return finishTask(client, input, io, 'image', answer, true);
  },
  async video(client, input, io) {
    const answer = await client.createVideo(
      {
        prompt: argument(input, 'prompt'),
        model: oneOf(input, 'model', VIDEO_MODELS),
        aspectRatio: oneOf(input, 'aspect-ratio', VIDEO_ASPECT_RATIOS),
        imageUrls: list(input, 'image-url'),
      },
      paid(input),
    );
    return finishTask(client, input, io, 'video', answer, Boolean(input.values.wait));
  },
  async sora(client, input, io) {
    const answer = await client.removeSoraWatermarkSync(
      { video_url: argument(input, 'Sora share link') },
      paid(input),
    );
    return finishTask(client, input, io, 'sora', answer, true);
  },
  async linkedin(client, input, io) {
    const answer = await client.scrapeLinkedin(
      {
        username: argument(input, 'profile username'),
        limit: whole(input, 'limit'),
        page_number: whole(input, 'page'),
        pagination_token: text(input, 'page-token'),
        total_posts: whole(input, 'total-posts'),
      },
      paid(input),
    );
    const { profile, posts, pagination_token } = answer.data;
    io.out(JSON.stringify(input.values.json ? answer.data : { profile, posts, pagination_token }, null, 2));
    io.err(
      `linkedin ${answer.data.taskId}: ${posts?.length ?? 0} post(s), ${answer.data.creditsUsed} credit(s)`,
    );
    return EXIT_CODES.ok;
  },
  async balance(client, input, io) {
    const { data } = await client.getAccount();
    if (input.values.json) io.out(JSON.stringify(data, null, 2));
    else {
      io.out(String(data.balance));
      io.err(
        `${data.balance} credits; ${data.tier} tier, ${data.remaining.minute}/${data.limits.perMinute} requests left this minute`,
      );
    }
    return EXIT_CODES.ok;
  },
  listen,
  trigger,
  async task(client, input, io) {
    const service = oneOf(input, 'service', SERVICES);
    const found = await readTask(client, argument(input, 'task id'), service);
    return finishTask(client, input, io, found.service, found.answer, Boolean(input.values.wait));
  },
};
