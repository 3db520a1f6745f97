import type { FastifyInstance } from 'fastify';

/** POSTs `text` as an application/json body, as is: how a client sends JSON that does not parse. */
export const postJsonText = (
  app: FastifyInstance,
  url: string,
  text: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: text,
  });
