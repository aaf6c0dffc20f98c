/**
 * The outgoing mail's state for the admins who look after the installation (`view_setting`): how many
 * messages wait, how many have failed, the oldest waiting, whether this node finds the mail server
 * away, and the latest messages with their attempts and the mail server's last words. Never a body, and
 * recipients partly hidden (services/mailQueue.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope';
import { answers } from '../http/responses';
import { MAIL_KINDS } from '../services/mailQueue';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const MailRow = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(MAIL_KINDS.map((k) => Type.Literal(k))),
  recipient: Type.String({ description: 'the address with its local part hidden but its first letter' }),
  subject: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent')]),
  attempts: Type.Integer(),
  next_attempt_at: Nullable(Type.String()),
  last_error: Nullable(Type.String()),
  created_at: Type.String(),
  sent_at: Nullable(Type.String()),
});
const State = Type.Object({
    pending: Type.Integer(),
    failing: Type.Integer({ description: 'pending messages that have failed at least once' }),
    sent_last_day: Type.Integer(),
    oldest_pending_at: Nullable(Type.String()),
    unavailable_since: Nullable(Type.String({ description: 'since when this node has found the mail server away' })),
    recent: Type.Array(MailRow),
});

export function registerMailQueueRoutes(app: FastifyInstance): void {
  app.get('/api/admin/mail-queue', {
    config: { access: { permission: 'view_setting' } },
    schema: { tags: ['mail'], summary: 'Outgoing mail: waiting and failed messages, the latest fifty (no bodies)', response: answers(State, 'What waits, what has failed and the latest messages.') },
  }, async () => ok(await app.ctx.mail.state()));
}
