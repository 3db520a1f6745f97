import type { z } from 'zod';
import type { AppRouteMethod } from './app-paths.ts';

/**
 * A route of the cookie API (the web app's own `/api/*`), declared once: the server registers its
 * path, query, parameter, body and answer schemas from here (`appRouteSchema`), the web app calls
 * the same path and reads the answer type, and the tests read both. `response` is absent for
 * answers that are not JSON (a stream).
 */
export interface AppRoute {
  readonly method: AppRouteMethod;
  readonly path: string;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
}

export const defineAppRoute = <const Route extends AppRoute>(route: Route): Route => route;

/** The JSON answer of a declared route. */
export type AppRouteAnswer<Route extends AppRoute> = Route['response'] extends z.ZodType
  ? z.infer<Route['response']>
  : never;
