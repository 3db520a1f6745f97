/** Types of generate-python-async-client.mjs for the test that imports it. */
export const SYNC_CLIENT: string;
export const ASYNC_CLIENT: string;
/** async_client.py, from the text of client.py; throws when a rule no longer fits client.py. */
export function asyncClientOf(sync: string): string;
