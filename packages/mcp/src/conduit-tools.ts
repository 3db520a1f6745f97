import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ACCOUNT_TOOLS } from './account-tools.ts';
import { MODEL_TOOLS } from './model-tools.ts';
import { TASK_CONTROL_TOOLS } from './task-control-tools.ts';
import { TASK_TOOLS } from './task-tools.ts';
import { type ConduitTool, registerTools, type ToolContext } from './tool-kit.ts';

export type ConduitToolsOptions = ToolContext;

/** Every tool, in the order tools/list answers them. A new tool is one entry in one of these lists. */
export const CONDUIT_TOOLS: readonly ConduitTool[] = [
  ...TASK_TOOLS,
  ...MODEL_TOOLS,
  ...TASK_CONTROL_TOOLS,
  ...ACCOUNT_TOOLS,
];

/** The Conduit tools: one per service, the model list, task reading, listing and cancelling, price quotes and the balance. */
export function registerConduitTools(server: McpServer, options: ConduitToolsOptions) {
  registerTools(server, CONDUIT_TOOLS, options);
}
