import pino, { type Logger } from 'pino';
import type { Config } from './config.ts';

/** Query parameters that carry secrets (verification links, OAuth codes); never written to logs. */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&]*/g;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
  });
}
