import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** What `conduit login` keeps: the key and, when given, the server it belongs to. */
export interface StoredConfig {
  apiKey?: string;
  baseUrl?: string;
}

/**
 * The user's config folder, as each OS expects it: $XDG_CONFIG_HOME when set (any OS), else
 * %APPDATA% on Windows, ~/Library/Application Support on macOS, ~/.config elsewhere.
 */
export function configPath(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME || env.USERPROFILE || homedir();
  const base = env.XDG_CONFIG_HOME
    ? env.XDG_CONFIG_HOME
    : platform === 'win32'
      ? (env.APPDATA ?? path.join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Application Support')
        : path.join(home, '.config');
  return path.join(base, 'conduit', 'config.json');
}

export async function readConfig(file: string): Promise<StoredConfig> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredConfig) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} is not readable JSON: ${(error as Error).message}`);
  }
}

/** Written readable by the user alone (0600, in a 0700 folder): the key spends credits. */
export async function writeConfig(file: string, config: StoredConfig): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode applies only when it creates the file
}

export async function removeConfig(file: string): Promise<boolean> {
  try {
    await rm(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
