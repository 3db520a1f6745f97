#!/usr/bin/env node
// The `conduit` command: runs one command line with the process's arguments, environment and streams.
import { createInterface } from 'node:readline';
import type { CliIo } from './command-spec.ts';
import { runCli } from './main.ts';

/** The first line of standard input (what `conduit login` reads a key from, piped or typed). */
function readFirstLine(): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin });
    let first: string | undefined;
    lines.once('line', (line) => {
      first = line;
      lines.close();
    });
    lines.once('close', () => resolve(first ?? ''));
  });
}

const io: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  readInput: readFirstLine,
};
process.exitCode = await runCli(process.argv.slice(2), process.env, io);
