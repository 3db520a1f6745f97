import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const PYTHON_PACKAGE = fileURLToPath(new URL('../../../packages/python', import.meta.url));

/**
 * Debian's python3 has setuptools, wheel and venv from apt (python3-setuptools, python3-wheel,
 * python3-venv: what .ci/run installs); the python3 first on PATH may be another one (pyenv) without
 * them. The first that can build a wheel offline and make a virtual environment is the one used.
 */
const CANDIDATES = ['/usr/bin/python3', 'python3'];
const PROBE =
  'import setuptools, wheel, venv, ensurepip; assert int(setuptools.__version__.split(".")[0]) >= 61';

export async function findBuildPython(): Promise<string> {
  for (const candidate of CANDIDATES) {
    const works = await run(candidate, ['-c', PROBE]).then(
      () => true,
      () => false,
    );
    if (works) return candidate;
  }
  throw new Error(
    `No python3 with setuptools>=61, wheel and venv among ${CANDIDATES.join(', ')}: install python3-setuptools python3-wheel python3-venv`,
  );
}

/** The package as a developer gets it: the wheel built offline, installed with --no-index into a fresh venv. */
export interface InstalledSdk {
  /** The venv's python: imports the installed package, never the repository's sources. */
  python: string;
  /** A folder holding a copy of tests/ (run from there, `import conduitapi` is the wheel's). */
  workDir: string;
  wheel: string;
  remove: () => Promise<void>;
}

export async function installSdkFromWheel(): Promise<InstalledSdk> {
  const buildPython = await findBuildPython();
  const root = await mkdtemp(path.join(tmpdir(), 'conduitapi-'));
  // Built from a copy, so the build leaves nothing (build/, *.egg-info) in the repository.
  const source = path.join(root, 'source');
  await cp(PYTHON_PACKAGE, source, {
    recursive: true,
    filter: (from) => !/(__pycache__|\.egg-info|[/\\]build|\.mypy_cache)$/.test(from),
  });
  const dist = path.join(root, 'dist');
  await run(
    buildPython,
    ['-m', 'pip', 'wheel', '--no-build-isolation', '--no-deps', '--no-index', '--wheel-dir', dist, source],
    { timeout: 120_000 },
  );
  const [wheelName] = (await readdir(dist)).filter((name) => name.endsWith('.whl'));
  if (!wheelName) throw new Error(`No wheel was built in ${dist}`);
  const wheel = path.join(dist, wheelName);
  const venv = path.join(root, 'venv');
  await run(buildPython, ['-m', 'venv', venv], { timeout: 120_000 });
  const python = path.join(venv, 'bin', 'python');
  await run(python, ['-m', 'pip', 'install', '--no-index', '--no-deps', wheel], { timeout: 120_000 });
  const workDir = path.join(root, 'work');
  await cp(path.join(PYTHON_PACKAGE, 'tests'), path.join(workDir, 'tests'), {
    recursive: true,
    filter: (from) => !from.endsWith('__pycache__'),
  });
  return { python, workDir, wheel, remove: () => rm(root, { recursive: true, force: true }) };
}

/** The python that has mypy (Debian's python3-mypy), or an error saying what to install. */
export async function findMypyPython(): Promise<string> {
  for (const candidate of CANDIDATES) {
    const works = await run(candidate, ['-m', 'mypy', '--version']).then(
      () => true,
      () => false,
    );
    if (works) return candidate;
  }
  throw new Error(`No python3 with mypy among ${CANDIDATES.join(', ')}: install python3-mypy`);
}

/** The ```python blocks of a Markdown text, in order. */
export const pythonBlocksOf = (markdown: string) =>
  [...markdown.matchAll(/```python\n([\s\S]*?)```/g)].map((match) => match[1] as string);
