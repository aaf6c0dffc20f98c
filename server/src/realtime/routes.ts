/**
 * GET  /api/admin/realtime/config     what the console connects with (key, host, port, TLS, cluster)
 * POST /api/admin/broadcasting/auth   Laravel Echo's channel authorisation: a signed-in admin may
 *                                     subscribe to its own `private-admin.{pusher_id}`, and to
 *                                     `private-changes.{resource}` of the resources it may view
 *
 * registerRealtime (app.ts) mounts them with the embedded endpoint. They live apart from the publisher
 * (index.ts) because they need the auth guard, which needs the app's context, which names the publisher.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../http/auth';
import { ok } from '../http/envelope';
import { forbidden } from '../http/errors';
import { answers } from '../http/responses';
import { CHANNEL_NAME, SOCKET_ID } from './protocol';
import { CHANGES_PREFIX } from './index';
import { registerEmbeddedEndpoint } from './embedded';
import { PgBus } from './pgBus';
import { messageText } from '../../../contract/messages';
import { permissionName } from '../../../contract/permissions';
import { RESOURCES, type ResourceName } from '../../../contract/resources';
import type { Principal } from '../context';

const AuthBody = Type.Object(
  {
    socket_id: Type.String({ pattern: SOCKET_ID.source, 'x-message': messageText('socket_id_invalid') }),
    channel_name: Type.String({ pattern: CHANNEL_NAME.source, 'x-message': messageText('channel_name_invalid') }),
  },
  { additionalProperties: false },
);
const AuthReply = Type.Object({ auth: Type.String() });
const ConfigReply = answers(Type.Object({
  enabled: Type.Boolean(),
  mode: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
  key: Type.String(),
  host: Type.Union([Type.String(), Type.Null()]),
  port: Type.Union([Type.Integer(), Type.Null()]),
  tls: Type.Union([Type.Boolean(), Type.Null()]),
  cluster: Type.String(),
  authEndpoint: Type.String(),
}), 'What the console connects with.');

const tags = ['realtime'];
/** pusher-js posts its authorisation request as a form; bodies of these routes are small */
const FORM_BODY_LIMIT = 4096;

async function registerRealtimeRoutes(app: FastifyInstance): Promise<void> {
  const realtime = app.ctx.realtime;
  const mayListen = (admin: Principal, channel: string): boolean => {
    if (channel === realtime.channelForAdmin(admin.pusherId)) return true;
    if (!channel.startsWith(CHANGES_PREFIX)) return false;
    const resource = channel.slice(CHANGES_PREFIX.length);
    const entry = Object.hasOwn(RESOURCES, resource) ? RESOURCES[resource as ResourceName] : null;
    return entry !== null && admin.permissions.has(permissionName('view', entry.module));
  };

  app.get('/api/admin/realtime/config', {
    config: { access: {} },
    schema: { tags, summary: 'How the console connects to the real-time service (no secrets)', response: ConfigReply },
  }, async () => ok(realtime.publicConfig()));

  // its own scope: the form parser serves this route only
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post<{ Body: { socket_id: string; channel_name: string } }>('/api/admin/broadcasting/auth', {
      config: { access: {} },
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: "Authorises a pusher-js subscription: the caller's own private-admin.{pusher_id}, or private-changes.{resource} it may view",
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: AuthBody,
        response: { 200: AuthReply },
      },
    }, async (request) => {
      const admin = requireAdmin(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!mayListen(admin, channel)) throw forbidden();
      return realtime.authorizeChannel(socketId, channel);
    });
  });
}

/** The embedded endpoint (when no PUSHER_* settings) and the two /api/admin routes. */
export async function registerRealtime(app: FastifyInstance, opts: { activityTimeoutS?: number } = {}): Promise<void> {
  const { realtime, config, dialect, db } = app.ctx;
  if (realtime.embedded) {
    // on PostgreSQL any number of nodes may serve: events travel between them by LISTEN/NOTIFY
    const bus = dialect === 'postgres' && config.databaseUrl ? new PgBus({ connectionString: config.databaseUrl, db, log: app.log }) : null;
    realtime.hub = await registerEmbeddedEndpoint(app, { credentials: realtime.embedded, activityTimeoutS: opts.activityTimeoutS, bus });
    if (bus) {
      await bus.start();
      realtime.bus = bus;
      app.addHook('onClose', async () => bus.close());
    }
  }
  await registerRealtimeRoutes(app);
  app.addHook('onClose', async () => realtime.close());
}
