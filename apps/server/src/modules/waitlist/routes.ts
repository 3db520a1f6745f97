import { WAITLIST_API_ROUTES } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addAppRoute, appRouteSchema } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { checkWaitlistEmail } from './check-email.ts';
import { contactSales } from './contact-sales.ts';
import { getWaitlistStanding } from './get-standing.ts';
import { joinWaitlist } from './join-waitlist.ts';
import { resendWaitlistMail } from './resend-waitlist-mail.ts';
import { verifyWaitlistEntry } from './verify-entry.ts';
import { normalizeWaitlistEmail } from './waitlist-email.ts';
import type { WaitlistLimits } from './waitlist-limits.ts';

/** A browser opening the page (Accept: text/html) rather than a client asking for JSON. */
const wantsPage = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

/** The waitlist and Contact Sales endpoints (docs/waitlist.md, "Endpoints"). */
export const waitlistRoutes = (services: Services, limits: WaitlistLimits): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['waitlist'];
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const routes = WAITLIST_API_ROUTES;
    addAppRoute(app, routes.join, { tags, status: 201 }, async (request, reply) => {
      await limits.joinPerIp.consume(request.ip);
      const result = await joinWaitlist(services, { body: request.body, ip: request.ip });
      return reply.status(201).send(result);
    });

    addAppRoute(app, routes.checkEmail, { tags }, async (request) => {
      await limits.checkPerIp.consume(request.ip);
      return checkWaitlistEmail(services.db, request.body.email);
    });

    addAppRoute(app, routes.resend, { tags }, async (request) => {
      await limits.resendPerIp.consume(request.ip);
      const email = request.body.email?.trim();
      if (email) await limits.resendPerEmail.consume(normalizeWaitlistEmail(email));
      const { ok, message } = resendWaitlistMail(services, request.body.email);
      return { ok, message };
    });

    addAppRoute(app, routes.verify, { tags }, async (request) => {
      await limits.readPerIp.consume(request.ip);
      return verifyWaitlistEntry(services, request.body.token);
    });

    // One address for people and programs: a browser gets the status page (the web app), which
    // asks this same URL for JSON.
    addAppRoute(app, routes.status, { tags }, async (request, reply) => {
      reply.header('vary', 'accept');
      if (wantsPage(request)) return reply.callNotFound();
      await limits.readPerIp.consume(request.ip);
      return getWaitlistStanding(services, request.query.email, request.query.token);
    });

    app.post(
      routes.contactSales.path,
      // The body's rules (and their texts) are checked by the operation, so each names its field.
      { schema: { ...appRouteSchema(routes.contactSales, tags), body: z.record(z.string(), z.unknown()) } },
      async (request) => {
        await limits.contactPerIp.consume(request.ip);
        return contactSales(services, request.body, request.ip);
      },
    );
  };
