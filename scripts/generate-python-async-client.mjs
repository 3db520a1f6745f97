#!/usr/bin/env node
// The Python SDK's asynchronous client (packages/python/conduitapi/async_client.py) is written
// from its synchronous one (client.py): the same endpoint methods, each `async` and awaiting
// `_run`, over the asynchronous transport (_async_base.py). Edit client.py, then run
// `node scripts/generate-python-async-client.mjs`; scripts/python-async-client.test.ts fails while
// the committed file differs from what this writes. `--check` only compares.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const SYNC_CLIENT = path.join(ROOT, 'packages/python/conduitapi/client.py');
export const ASYNC_CLIENT = path.join(ROOT, 'packages/python/conduitapi/async_client.py');

const MODULE_DOC = `"""\`\`AsyncConduit\`\`: the same methods as \`\`Conduit\`\`, to \`\`await\`\` (standard library only).

Each attempt's blocking exchange runs in a worker thread (\`\`asyncio.to_thread\`\`), so the event
loop stays free; waits between retries and status reads are \`\`asyncio.sleep\`\`.

Written by scripts/generate-python-async-client.mjs from client.py: edit that, not this.
"""`;
const CLASS_DOC = `    """The asynchronous client: \`\`await conduit.generate_image(...)\`\`. Options as \`\`Conduit\`\`'s."""`;
/** Methods that answer at once in both clients. */
const SYNC_IN_BOTH = new Set(['__init__', 'with_options', 'with_raw_response']);

/** Replaces what must be there: a rule that no longer matches client.py is an error, not a no-op. */
function must(text, pattern, replacement, what) {
  if (!pattern.test(text)) throw new Error(`generate-python-async-client: client.py has no ${what}`);
  pattern.lastIndex = 0;
  return text.replace(pattern, replacement);
}

/** async_client.py, from the text of client.py. */
export function asyncClientOf(sync) {
  let text = must(sync, /^"""[\s\S]*?"""/, MODULE_DOC, 'module docstring');
  text = must(
    text,
    /^(class Conduit\(SyncBase\):\n) {4}"""[\s\S]*?"""/m,
    `$1${CLASS_DOC}`,
    'class docstring',
  );
  text = must(
    text,
    /^from \._pages import Chunk, paginate\n(from \._raw import ConduitWithRawResponse\n)from \._sync_base import SyncBase\n/m,
    'from ._async_base import AsyncBase\nfrom ._pages import Chunk, apaginate\n$1',
    'import of the pages, raw responses and sync base',
  );
  text = text.replace(/\bIterator\b/g, 'AsyncIterator').replace(/\bSyncBase\b/g, 'AsyncBase');
  text = must(text, /\bConduit(?=WithRawResponse\b|\(|")/g, 'AsyncConduit', 'client name');
  text = text.replace(
    /^from typing import (.+)$/m,
    (_, names) => `from typing import ${names.split(', ').sort().join(', ')}`,
  );
  text = text.replace(/^( {4})def (\w+)\(/gm, (line, indent, name) =>
    SYNC_IN_BOTH.has(name) ? line : `${indent}async def ${name}(`,
  );
  text = text.replace(/^( {8})def fetch\(/gm, '$1async def fetch(');
  text = must(text, /\breturn self\._run\(/g, 'return await self._run(', 'call of _run');
  text = text.replace(/= self\.(\w+)\(/g, (match, name) =>
    name.startsWith('_') ? match : `= await self.${name}(`,
  );
  text = text.replace(
    /^( +)return paginate\(fetch, max_pages\)$/gm,
    '$1async for item in apaginate(fetch, max_pages):\n$1    yield item',
  );
  text = text.replace(/^( +)yield from (.+)$/gm, '$1for item in $2:\n$1    yield item');
  return text;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = asyncClientOf(readFileSync(SYNC_CLIENT, 'utf8'));
  if (process.argv.includes('--check')) {
    const same = readFileSync(ASYNC_CLIENT, 'utf8') === written;
    if (!same)
      console.error(
        'async_client.py differs from what client.py makes: run node scripts/generate-python-async-client.mjs',
      );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(ASYNC_CLIENT, written);
}
