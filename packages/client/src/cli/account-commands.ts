import { ConduitClient } from '../conduit-client.ts';
import { type CommandSpec, text, UsageError } from './command-spec.ts';
import { readConfig, removeConfig, writeConfig } from './config-file.ts';
import { EXIT_CODES } from './exit-codes.ts';

export const ACCOUNT_COMMANDS: Record<string, CommandSpec> = {
  login: {
    args: '',
    summary: 'Check an API key and keep it (and --base-url) in your config folder, readable by you only',
    options: {
      'api-key': { type: 'string', value: 'KEY', help: 'the key (else read from standard input)' },
    },
    examples: ['conduit login --base-url https://conduit.example.com < key.txt', 'conduit login'],
    async run({ input, io, baseUrl, configFile }) {
      let apiKey = text(input, 'api-key');
      if (!apiKey) {
        if (!io.readInput) throw new UsageError('Pass --api-key or the key on standard input');
        io.err('Paste your Conduit API key (from the API Keys page), then press Enter:');
        apiKey = (await io.readInput()).trim();
      }
      if (!apiKey) throw new UsageError('No API key given');
      // A key that does not work is never stored: the account read throws 401 first.
      const { data } = await new ConduitClient({ apiKey, baseUrl }).getAccount();
      const stored = await readConfig(configFile);
      await writeConfig(configFile, { ...stored, apiKey, baseUrl });
      const mode = data.livemode === false ? ' (a test key: free calls, test data only)' : '';
      io.err(`Logged in with key "${data.keyName}"${mode} on ${baseUrl}; saved to ${configFile}`);
      return EXIT_CODES.ok;
    },
  },
  logout: {
    args: '',
    summary: 'Forget the key `conduit login` stored',
    options: {},
    async run({ io, configFile }) {
      io.err((await removeConfig(configFile)) ? `Removed ${configFile}` : 'No stored key');
      return EXIT_CODES.ok;
    },
  },
};
