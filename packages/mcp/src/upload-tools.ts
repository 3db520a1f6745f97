import { Upload } from '@conduit/contracts';
import { z } from 'zod';
import { type ConduitTool, defineTool } from './tool-kit.ts';

/**
 * Files on the agent's own machine as inputs. Only the stdio server has it: there the server runs
 * beside the agent, as its user; an HTTP server must never read its own disk for a remote caller.
 */
export const UPLOAD_TOOLS: ConduitTool[] = [
  defineTool({
    name: 'upload_file',
    title: 'Upload a local file',
    description: () =>
      'Uploads a PNG, JPEG, WebP or MP4 file from this machine (10 MB at most; free) and answers its signed URL, to pass in generate_image image_urls or create_video imageUrls until it expires (24 h by default).',
    inputSchema: z.object({ path: z.string().min(1).describe('The file path on this machine') }),
    outputSchema: Upload,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run({ path }, { client }) {
      const { data } = await client.uploadFile(path);
      return { structured: data };
    },
  }),
];
