import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Config } from './config.ts';

/** Query parameters that carry secrets (verification links, OAuth codes); never written to logs. */
const SECRET_QUERY = /([?&](?:token|code|state)=)[^&]*/g;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/**
 * pino-pretty is loaded only for `LOG_FORMAT=pretty`, so production starts without it. It runs
 * in this thread and writes synchronously: a `log.fatal` just before `process.exit` still shows.
 */
function prettyStream(destination: DestinationStream | undefined): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({
    destination: destination ?? 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
}

/** The process's logger: JSON lines, or readable ones for development (`LOG_FORMAT`). */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
  destination?: DestinationStream,
): Logger {
  const options = {
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
  };
  if (config.LOG_FORMAT === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination) : pino(options);
}
