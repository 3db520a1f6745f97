#!/usr/bin/env node
// Part of `npm run lint`, before dependency-cruiser: docs/architecture.md shows the order of layers
// that scripts/layers.mjs holds, and every server module and web feature has its place in it.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkLayers } from './layers.mjs';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = checkLayers(path.dirname(path.dirname(fileURLToPath(import.meta.url))));
  for (const problem of problems) console.error(`check-layers: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
