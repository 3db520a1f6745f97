import {
  AdminSupportQuery,
  AdminSupportResponse,
  APP_PATHS,
  OWN_SUPPORT_ROUTE,
  SupportContactResponse,
  SupportMessageBody,
  SupportMessageResponse,
  SupportReplyBody,
  SupportReplyResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { requireAdmin, requireUser, signedIn } from '../auth/session-http.ts';
import { listOwnTickets } from './list-own-tickets.ts';
import { listSupportTickets } from './list-tickets.ts';
import { parseBody } from './parse-body.ts';
import { replyToTicket } from './reply-to-ticket.ts';
import { createSupportLimiter, sendSupportMessage } from './send-support-message.ts';
import { getSupportContact } from './support-contact.ts';
import type { SupportContext } from './support-context.ts';

/** Bodies are read as JSON and checked by `parseBody`, so the answer carries the form's exact text. */
const JsonBody = z.unknown();
const TicketParams = z.object({ id: z.string().min(1).max(100) });

/** Support (docs/product.md, "Signed-in area"): the contact points, users' messages, admins' answers. */
export const supportRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx: SupportContext = {
      db: services.db,
      clock: services.clock,
      jobs: services.jobs,
      log: services.log,
      config: services.config,
      limiter: createSupportLimiter(services),
    };
    const tags = ['support'];

    app.get(
      APP_PATHS.supportContact.path,
      { schema: { tags, response: { 200: SupportContactResponse } } },
      async () => getSupportContact(services.config),
    );

    await app.register(async (userRoutes) => {
      userRoutes.addHook('preHandler', requireUser(services));
      const scoped = userRoutes.withTypeProvider<ZodTypeProvider>();
      scoped.get(
        OWN_SUPPORT_ROUTE.path,
        {
          schema: {
            tags,
            querystring: OWN_SUPPORT_ROUTE.query,
            response: { 200: OWN_SUPPORT_ROUTE.response },
          },
          onSend: async (_request, reply) => {
            reply.header('cache-control', 'no-store');
          },
        },
        async (request) => listOwnTickets(services.db, signedIn(request).user.id, request.query),
      );
      scoped.post(
        APP_PATHS.sendSupportMessage.path,
        { schema: { tags, body: JsonBody, response: { 201: SupportMessageResponse } } },
        async (request, reply) => {
          const input = parseBody(SupportMessageBody, request.body, ['subject', 'message']);
          const { user } = signedIn(request);
          return reply.status(201).send(await sendSupportMessage(ctx, user, input));
        },
      );
    });

    await app.register(async (adminRoutes) => {
      adminRoutes.addHook('preHandler', requireAdmin(services));
      adminRoutes.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      const scoped = adminRoutes.withTypeProvider<ZodTypeProvider>();
      scoped.get(
        APP_PATHS.adminSupport.path,
        { schema: { tags, querystring: AdminSupportQuery, response: { 200: AdminSupportResponse } } },
        async (request) => listSupportTickets(services.db, request.query),
      );
      scoped.post(
        APP_PATHS.adminSupportReply.path,
        { schema: { tags, params: TicketParams, body: JsonBody, response: { 200: SupportReplyResponse } } },
        async (request) => {
          const input = parseBody(SupportReplyBody, request.body, ['message']);
          const ticket = await replyToTicket(ctx, signedIn(request).user.id, request.params.id, input);
          return { ticket };
        },
      );
    });
  };
