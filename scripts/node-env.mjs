// Finds a Node.js >= 22.18 (the server runs TypeScript natively). On an older Node, Node 24 is
// installed once from the npm registry into .tools/node24 and put first on PATH, so the README's
// commands work on any machine that has Node.js and npm.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIN_NODE = [22, 18];
export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * V8 flags the server runs with. A 64 MB young generation: a paid call allocates many short-lived
 * objects, and the default 16 MB semi-space made scavenges frequent enough to show in the p99
 * (bench/README.md: p99 30 -> 27 ms, throughput +15% for the paid async call).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The environment to run children in: PATH starts with a recent enough Node. */
export function nodeEnv() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const isRecentEnough = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  const env = { ...process.env };
  // Node keeps the code it compiled for each module here and reuses it at the next start (Node
  // 22.1+): the tests start the CLI, the MCP server and the server dozens of times, each about a
  // third faster with it. The cache is keyed by each file's contents, so an edit is never stale.
  env.NODE_COMPILE_CACHE ??= path.join(ROOT, 'node_modules', '.cache', 'node-compile');
  if (isRecentEnough) {
    env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ''}`;
    return env;
  }
  const prefix = path.join(ROOT, '.tools', 'node24');
  const binDir = path.join(prefix, 'node_modules', '.bin');
  if (!existsSync(path.join(binDir, 'node'))) {
    console.error(
      `Node ${process.versions.node} is older than ${MIN_NODE.join('.')}: installing Node 24 into .tools/node24`,
    );
    // The node package's preinstall fetches the platform's binary: allowed here, so npm does not list
    // it as an unreviewed install script.
    mkdirSync(prefix, { recursive: true });
    writeFileSync(
      path.join(prefix, 'package.json'),
      '{ "private": true, "allowScripts": { "node": true } }\n',
    );
    execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', 'node@24'], {
      stdio: 'inherit',
    });
  }
  env.PATH = `${binDir}${path.delimiter}${env.PATH ?? ''}`;
  return env;
}
