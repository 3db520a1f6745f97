/**
 * How many test files run at once, in every Vitest project (they must agree). Vitest's default is
 * one on a 2-core machine (cores - 1), but most server test files wait more than they compute
 * (child processes, PostgreSQL, the development engine's jobs): the whole suite used about a
 * quarter of its wall time in CPU. Four at a time keep both cores busy. Each server file has its
 * own database, so files never share state. VITEST_MAX_WORKERS overrides it.
 */
export const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? 4);
