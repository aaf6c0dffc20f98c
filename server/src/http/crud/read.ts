import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { permissionName } from '../../../../contract/permissions';
import { RESOURCES, type ResourceName } from '../../../../contract/resources';
import type { AppContext } from '../../context';
import { audit } from '../../services/audit';
import { requireAdmin } from '../auth';
import { ok } from '../envelope';
import { forbidden } from '../errors';
import { first, visibleCondition } from '../list';
import { queryFlag } from '../listQuery';
import type { Presented, ResourceDef } from '../resource';
import { answers } from '../responses';
import { access, type CrudContext, Id, presented } from './shared';

type Expansion = NonNullable<ResourceDef['expand']>[string];

/** The permissions a record's expansion needs beside the record's own: the view permission of each module it shows. */
export const expansionPermissions = (expansion: Pick<Expansion, 'shows'>): string[] =>
  [...new Set(expansion.shows.map((name) => permissionName('view', RESOURCES[name].module)))];

/** The expansions a read's query asks for (`?patient=true`), by parameter. */
const askedFor = (def: ResourceDef, request: FastifyRequest): [string, Expansion][] => {
  const query = request.query as Record<string, unknown>;
  return Object.entries(def.expand ?? {}).filter(([param]) => ['true', '1'].includes(first(query[param]) ?? ''));
};

/** Adds an expansion to the record, read only through `within` of the resources it declares. */
async function expand(ctx: AppContext, def: ResourceDef, param: string, expansion: Expansion, record: Presented, request: FastifyRequest): Promise<void> {
  const districtIds = request.admin?.districtIds ?? null;
  const within = (name: ResourceName) => {
    const shown = expansion.shows.includes(name) ? ctx.registry.byName.get(name) : undefined;
    if (!shown) throw new Error(`${def.name}?${param}: reads ${name}, which its declaration does not show`);
    return visibleCondition(ctx, shown, districtIds);
  };
  record[expansion.as] = await expansion.load({ ctx, request, within }, record);
}

/**
 * GET /api/admin/{name}/{id}: one record as the caller may see it, with what its caller's read adds
 * (`hooks.read`) and the expansions its query asks for (`expand`: each needs the view permission of the
 * resources it shows, checked before anything is read, and lists their records within the caller's
 * districts); a read of a declaration with
 * `auditReads` is audited.
 */
export function registerRead({ app, ctx, def, base, tags, record, decodeId, loadOne }: CrudContext): void {
  for (const [param, expansion] of Object.entries(def.expand ?? {})) {
    const unknown = expansion.shows.filter((name) => !ctx.registry.byName.has(name));
    if (unknown.length) throw new Error(`${def.name}?${param}: shows ${unknown.join(', ')}, which no declaration serves`);
  }
  const expansions = Object.entries(def.expand ?? {});
  const querystring = expansions.length
    ? Type.Object(Object.fromEntries(expansions.map(([param, expansion]) => [param, queryFlag(param, `true or 1: the record with its ${expansion.as}`)])), { additionalProperties: false })
    : undefined;
  if (def.hooks?.readOther && !def.readsOther) throw new Error(`resource ${def.name} reads other records (hooks.readOther): declare what it answers (readsOther)`);
  const data = def.readsOther ? { anyOf: [record, def.readsOther] } : record;
  app.get(`${base}/:id`, { config: access(def, 'view'), schema: { tags, params: Id, ...(querystring ? { querystring } : {}), response: answers(data, 'The record.') } }, async (request) => {
    const { id } = request.params as { id: string };
    if (def.hooks?.readOther && ctx.ids.decode(def.name, id) === null) {
      const other = await def.hooks.readOther(ctx, id, request);
      if (other !== null) return ok(other);
    }
    const asked = askedFor(def, request);
    const held = requireAdmin(request).permissions;
    if (asked.some(([, expansion]) => expansionPermissions(expansion).some((p) => !held.has(p)))) throw forbidden();
    const record = await presented({ ctx, def, loadOne }, decodeId(id), request);
    for (const [param, expansion] of asked) await expand(ctx, def, param, expansion, record, request);
    if (def.auditReads) {
      await audit(ctx.db, { actorId: requireAdmin(request).id, action: 'read', resource: def.name, recordId: record.id, ip: request.ip, requestId: request.id });
    }
    return ok(record);
  });
}
