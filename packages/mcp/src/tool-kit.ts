import type { ConduitClient } from '@conduit/client';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ContentBlock, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { errorResult } from './tool-answers.ts';

/** What the tool callback is handed besides its arguments (the part the tools use). */
export interface ToolExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

export interface ToolContext {
  client: ConduitClient;
  /** How long a tool waits for a long task, with progress notifications, before answering its task id. */
  waitSeconds: number;
  /** Between two status reads while waiting. */
  pollMs: number;
}

/** A tool's answer: the structured result (checked against outputSchema) and any extra content. */
export interface ToolAnswer<Output> {
  structured: Output;
  /** Images or resource links shown beside the JSON text. */
  extra?: ContentBlock[];
}

/**
 * One Conduit tool. Adding a tool is one entry in a *-tools.ts list: its schemas, annotations
 * (readOnlyHint on reads) and a run function; registerTools does the rest (text + structured
 * content, errors as readable tool errors).
 */
export interface ConduitTool<
  Input extends z.ZodObject = z.ZodObject,
  Output extends z.ZodObject = z.ZodObject,
> {
  name: string;
  title: string;
  description: (context: ToolContext) => string;
  inputSchema: Input;
  outputSchema: Output;
  annotations: ToolAnnotations;
  run: (
    input: z.output<Input>,
    context: ToolContext,
    extra: ToolExtra,
  ) => Promise<ToolAnswer<z.output<Output>>>;
}

/** Lets a list hold tools of different schemas while each entry is still checked against its own. */
export const defineTool = <Input extends z.ZodObject, Output extends z.ZodObject>(
  tool: ConduitTool<Input, Output>,
): ConduitTool => tool as unknown as ConduitTool;

/** Paid tools: they create a task and spend credits; nothing is deleted. */
export const PAID_TOOL: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
};
/** Free reads of the account's own state. */
export const READ_TOOL: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

export function registerTools(server: McpServer, tools: readonly ConduitTool[], context: ToolContext) {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description(context),
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      async (input: unknown, extra: ToolExtra): Promise<CallToolResult> => {
        try {
          const { structured, extra: more = [] } = await tool.run(input as never, context, extra);
          return {
            structuredContent: structured as Record<string, unknown>,
            content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }, ...more],
          };
        } catch (error) {
          return errorResult(error);
        }
      },
    );
  }
}
