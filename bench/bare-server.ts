import Fastify from 'fastify';

/** (a) of the API bench: a bare Fastify route answering a small JSON body, the ceiling for one process. */
const app = Fastify({ logger: false });
app.post('/bare', async () => ({
  success: true,
  data: { taskId: 'task_0000000000000000', status: 'processing' },
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
