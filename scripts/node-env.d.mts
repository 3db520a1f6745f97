/** Types of node-env.mjs for the TypeScript that imports it (bench). */
export const ROOT: string;
export const SERVER_NODE_FLAGS: string[];
export function nodeEnv(): NodeJS.ProcessEnv;
