import { audit } from '../../services/audit';
import { requireAdmin } from '../auth';
import { ok } from '../envelope';
import { first } from '../list';
import { access, type CrudContext, Id } from './shared';

/**
 * GET /api/admin/{name}/{id}: one record as the caller may see it, with what its caller's read adds
 * (`hooks.read`) and the expansions its query asks for (`hooks.expand`); a read of a declaration with
 * `auditReads` is audited.
 */
export function registerRead({ app, ctx, def, base, tags, decodeId, loadOne }: CrudContext): void {
  app.get(`${base}/:id`, { config: access(def, 'view'), schema: { tags, params: Id } }, async (request) => {
    const { id } = request.params as { id: string };
    if (def.hooks?.readOther && ctx.ids.decode(def.name, id) === null) {
      const other = await def.hooks.readOther(ctx, id, request);
      if (other !== null) return ok(other);
    }
    const record = await loadOne(decodeId(id), request);
    await def.hooks?.read?.(ctx, record, request);
    const query = request.query as Record<string, unknown>;
    for (const [param, expand] of Object.entries(def.hooks?.expand ?? {})) {
      if (['true', '1'].includes(first(query[param]) ?? '')) await expand(ctx, record, request);
    }
    if (def.auditReads) {
      await audit(ctx.db, { actorId: requireAdmin(request).id, action: 'read', resource: def.name, recordId: record.id, ip: request.ip, requestId: request.id });
    }
    return ok(record);
  });
}
