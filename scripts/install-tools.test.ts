import { describe, expect, it } from 'vitest';
import { installArguments } from './install-tools.mjs';

// `npm run tools:install` installs the packed tools globally, or under `--prefix DIR`; the build,
// pack and install themselves are what apps/server/test/packed-packages.test.ts runs.
describe('npm run tools:install', () => {
  it('installs globally by default, or under the folder --prefix names', () => {
    expect(installArguments([])).toEqual(['--global']);
    expect(installArguments(['--prefix', '/opt/conduit'])).toEqual(['--global', '--prefix', '/opt/conduit']);
    expect(() => installArguments(['--prefix'])).toThrow('--prefix needs a folder');
  });
});
