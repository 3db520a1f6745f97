/**
 * The tools conduit-mcp lists over stdio, sorted by name: over stdio the server also reads local
 * files for the agent (upload_file, packages/mcp upload-tools.ts).
 */
export const MCP_STDIO_TOOLS = [
  'cancel_task',
  'create_video',
  'generate_image',
  'get_balance',
  'get_task',
  'list_models',
  'list_tasks',
  'quote_price',
  'remove_sora_watermark',
  'scrape_linkedin',
  'upload_file',
  'usage_by_metadata',
];
