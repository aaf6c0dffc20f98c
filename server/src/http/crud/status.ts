import type { FastifyRequest } from 'fastify';
import { MESSAGES, ok } from '../envelope';
import { answers } from '../responses';
import { notFound } from '../errors';
import type { Row } from '../resource';
import { changeStatus, statusBody } from '../status';
import { access, type CrudContext, Id, writeContext } from './shared';

/** PUT /api/admin/{name}/status/{id}, when the declaration has a status: one record's status changed. */
export function registerStatus(crud: CrudContext): void {
  const { app, def, base, tags, record } = crud;
  if (!def.status) return;
  const body = statusBody(def.status);
  app.put(`${base}/status/:id`, { config: access(def, def.status.action ?? 'edit'), schema: { tags, params: Id, body, response: answers(record, 'The record with its new status.') } }, async (request) => {
    const id = crud.decodeId((request.params as { id: string }).id);
    await statusOne(crud, request, id, request.body as Row);
    return ok(await crud.loadOne(id, request), MESSAGES.updated);
  });
}

/** Changes one record's status, as the caller may see it, in its own transaction. */
export async function statusOne(crud: CrudContext, request: FastifyRequest, id: number, body: Row): Promise<void> {
  const w = writeContext(crud.ctx, request);
  await crud.ctx.db.transaction().execute(async (trx) => {
    const existing = await crud.findRow(trx, id, request, true);
    if (!existing) throw notFound();
    await changeStatus({ ...w, db: trx }, crud.def, existing, body);
  });
  await w.flush();
  crud.announce('status', id, request);
}
