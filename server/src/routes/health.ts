/**
 * For a load balancer or an orchestrator. Liveness, `GET /api/health`: the process answers (it asks
 * nothing of the database: a node whose database is away is alive, and restarting it would not bring
 * the database back). Readiness, `GET /api/health/ready`: the database and the file store answer now
 * (200), or one of them does not (503, with Retry-After): send this node no traffic for now. Neither
 * says more than ok or unavailable: no host names, no error texts (the log has them, once).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { READINESS, RETRY_AFTER_SECONDS } from '../services/outages';

const State = Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]);
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  database: State,
  storage: State,
});
const tags = ['health'];

export function registerHealthRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  app.get('/api/health', {
    config: { access: { auth: false } },
    schema: {
      tags,
      summary: 'Liveness: the process answers (asks nothing of the database or the file store)',
      security: [],
      response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) }) },
    },
  }, async () => ({ status: 'ok' as const, database: ctx.dialect }));

  app.get('/api/health/ready', {
    config: { access: { auth: false } },
    schema: {
      tags,
      summary: 'Readiness: the database and the file store answer (200), or one does not (503 with Retry-After)',
      security: [],
      response: { 200: Readiness, 503: Readiness },
    },
  }, async (_request, reply) => {
    const answers = await Promise.all(READINESS.map((d) => ctx.outages.check(d)));
    const states = Object.fromEntries(READINESS.map((d, i) => [d, answers[i] ? 'ok' : 'unavailable'])) as Record<'database' | 'storage', 'ok' | 'unavailable'>;
    const ready = answers.every(Boolean);
    reply.header('cache-control', 'no-store');
    if (!ready) reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return { status: ready ? ('ready' as const) : ('unavailable' as const), ...states };
  });
}
