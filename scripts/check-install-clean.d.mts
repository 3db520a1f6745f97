/** Types of check-install-clean.mjs for the TypeScript that imports it (its test). */
export function changedManifests(cwd?: string): string[] | null;
export function checkInstallClean(options?: {
  cwd?: string;
  env?: Record<string, string | undefined>;
  log?: Pick<Console, 'log' | 'warn' | 'error'>;
}): 0 | 1;
