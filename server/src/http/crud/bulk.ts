import { Type } from '@sinclair/typebox';
import { USER_STATUS } from '../../../../contract/enums';
import { codeOfMessage, type StructuredValues } from '../../../../contract/messages';
import { ok } from '../envelope';
import { answers, VALUES } from '../responses';
import { HttpError, notFound } from '../errors';
import { access, type CrudContext } from './shared';
import { statusOne } from './status';
import { deleteOne } from './write';

/** at most this many records a bulk action */
export const MAX_BULK = 500;
const BulkBody = Type.Object(
  { ids: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: MAX_BULK, 'x-message': `Select from 1 to ${MAX_BULK} records.` }) },
  { additionalProperties: false },
);

const BULK_ANSWER = {
  type: 'object',
  required: ['done', 'refused'],
  properties: {
    done: { type: 'array', items: { type: 'string' }, description: 'the encrypted ids done' },
    refused: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'status', 'message', 'code'],
        properties: { id: { type: 'string' }, status: { type: 'integer' }, message: { type: 'string' }, code: { type: ['string', 'null'] }, values: VALUES },
      },
    },
  },
};

/**
 * POST /api/admin/{name}/bulk/{delete|block|unblock}: bulk actions on selected records, each record on
 * its own (its own transaction, permission already checked for the action, the caller's districts as
 * on the single route), so one refused record leaves the others done. The answer lists what was done
 * and each refusal with its reason and the reason's code (contract/messages.ts). Block and unblock exist for accounts (a `user` status).
 */
export function registerBulk(crud: CrudContext): void {
  const { app, ctx, def, base, tags } = crud;
  const bulkActions = (['delete', ...(def.status?.kind === 'user' ? ['block', 'unblock'] : [])] as const).filter(Boolean);
  for (const action of bulkActions) {
    const permission = action === 'delete' ? 'delete' : def.status?.action ?? 'edit';
    app.post(
      `${base}/bulk/${action}`,
      { config: access(def, permission), schema: { tags, summary: `${action} several ${def.name} (each refusal reported)`, body: BulkBody, response: answers(BULK_ANSWER, 'What was done, and each refusal with its reason.') } },
      async (request) => {
        const { ids } = request.body as { ids: string[] };
        const done: string[] = [];
        const refused: { id: string; status: number; message: string; code: string | null; values?: StructuredValues }[] = [];
        for (const encrypted of [...new Set(ids)]) {
          try {
            const id = ctx.ids.decode(def.name, encrypted);
            if (id === null) throw notFound();
            if (action === 'delete') await deleteOne(crud, request, id);
            else await statusOne(crud, request, id, { status: action === 'block' ? USER_STATUS.blocked : USER_STATUS.active });
            done.push(encrypted);
          } catch (err) {
            if (!(err instanceof HttpError)) throw err;
            const reasons = err.fieldErrors ? Object.values(err.fieldErrors).flat() : [];
            const reason = err.statusCode === 404 ? 'Not found.' : reasons[0] ?? err.message;
            // the reason's catalogue code, as an answer's own message carries it (the console translates it)
            // and its values where they are codes (a record in use: the kinds of records that use it)
            refused.push({ id: encrypted, status: err.statusCode, message: reason, code: codeOfMessage(reason) ?? null, ...(reason === err.message && err.values ? { values: err.values } : {}) });
          }
        }
        const message = refused.length ? `${done.length} done, ${refused.length} refused.` : `${done.length} done.`;
        return ok({ done, refused }, message);
      },
    );
  }
}
