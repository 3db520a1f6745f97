import { z } from 'zod';
import { BalanceOutput } from './output-schemas.ts';
import { type ConduitTool, defineTool, READ_TOOL } from './tool-kit.ts';

export const ACCOUNT_TOOLS: ConduitTool[] = [
  defineTool({
    name: 'get_balance',
    title: 'Balance and limits',
    description: () => "The account's credit balance, rate-limit tier, limits and the requests left (free).",
    inputSchema: z.object({}),
    outputSchema: BalanceOutput,
    annotations: READ_TOOL,
    async run(_input, { client }) {
      const { data } = await client.getAccount();
      const { balance, tier, limits, remaining, keyName, workspace, livemode } = data;
      return { structured: { balance, tier, limits, remaining, keyName, workspace, livemode } };
    },
  }),
];
