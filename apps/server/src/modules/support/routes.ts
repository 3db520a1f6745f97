import { SUPPORT_ROUTES, SupportMessageBody, SupportReplyBody } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addAppRoute, appRouteSchema } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireAdmin, requireUser, signedIn } from '../auth/session-http.ts';
import { listOwnTickets } from './list-own-tickets.ts';
import { listSupportTickets } from './list-tickets.ts';
import { parseBody } from './parse-body.ts';
import { replyAsUser } from './reply-as-user.ts';
import { replyToTicket } from './reply-to-ticket.ts';
import { createSupportLimiter, sendSupportMessage } from './send-support-message.ts';
import { getSupportContact } from './support-contact.ts';
import type { SupportContext } from './support-context.ts';

/** Bodies are read as JSON and checked by `parseBody`, so the answer carries the form's exact text. */
const JsonBody = z.unknown();

/** Support (docs/product.md, "Signed-in area"): the contact points, users' messages and replies, admins' answers. */
export const supportRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx: SupportContext = { ...services, limiter: createSupportLimiter(services) };
    const tags = ['support'];

    const routes = SUPPORT_ROUTES;
    addAppRoute(app, routes.contact, { tags }, async () => getSupportContact(services.config));

    await app.register(async (userRoutes) => {
      userRoutes.addHook('preHandler', requireUser(services));
      const scoped = userRoutes.withTypeProvider<ZodTypeProvider>();
      addAppRoute(scoped, routes.own, { tags }, async (request) =>
        listOwnTickets(services.db, signedIn(request).user.id, request.query),
      );
      scoped.post(
        routes.send.path,
        { schema: { ...appRouteSchema(routes.send, tags, 201), body: JsonBody } },
        async (request, reply) => {
          const input = parseBody(SupportMessageBody, request.body, ['subject', 'message']);
          const { user } = signedIn(request);
          return reply.status(201).send(await sendSupportMessage(ctx, user, input));
        },
      );
      scoped.post(
        routes.reply.path,
        { schema: { ...appRouteSchema(routes.reply, tags), body: JsonBody } },
        replyHandler((userId, ticketId, input) => replyAsUser(ctx, userId, ticketId, input)),
      );
    });

    await app.register(async (adminRoutes) => {
      // Before validation (onRequest), as every admin route: a stranger learns no field names.
      adminRoutes.addHook('onRequest', requireAdmin(services));
      const scoped = adminRoutes.withTypeProvider<ZodTypeProvider>();
      addAppRoute(scoped, routes.adminList, { tags }, async (request) =>
        listSupportTickets(services.db, request.query),
      );
      scoped.post(
        routes.adminReply.path,
        { schema: { ...appRouteSchema(routes.adminReply, tags), body: JsonBody } },
        replyHandler((adminUserId, ticketId, input) => replyToTicket(ctx, adminUserId, ticketId, input)),
      );
    });
  };

/**
 * A reply in a thread, the user's own or an admin's answer: the body's message checked by
 * `parseBody`, written as the signed-in user, answered with the thread as it now stands.
 */
const replyHandler =
  <Ticket>(reply: (userId: string, ticketId: string, input: SupportReplyBody) => Promise<Ticket>) =>
  async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const input = parseBody(SupportReplyBody, request.body, ['message']);
    return { ticket: await reply(signedIn(request).user.id, request.params.id, input) };
  };
