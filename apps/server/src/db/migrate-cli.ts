import { parseConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/database.ts';
import { createLogger } from '../platform/logger.ts';

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database). */
const config = parseConfig();
const log = createLogger(config);
const database = await openDatabase(config, log);
log.info({ database: database.isEmbedded ? 'embedded' : 'external' }, 'migrations applied');
await database.close();
