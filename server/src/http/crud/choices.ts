import { ok } from '../envelope';
import { buildListQuery } from '../list';
import type { CrudContext } from './shared';
import { listQuerySchema, UNPAGED_LIMIT } from '../listQuery';
import { answers, choiceSchema } from '../responses';

/**
 * GET /api/admin/{name}/choices, when declared: the records to pick from in another form (id and the
 * declared columns), within the caller's districts, for the permissions `choicesFor` names (else any admin).
 */
export function registerChoices({ app, ctx, def, base, tags }: CrudContext): void {
  if (!def.choices) return;
  const picked = ['id', ...def.choices];
  const who = def.choicesFor ? `holding one of ${def.choicesFor.join(', ')}` : 'any signed-in admin';
  app.get(`${base}/choices`, { config: { access: def.choicesFor ? { anyPermission: def.choicesFor } : {} }, schema: { tags, summary: `${def.name} to choose from (${who}), within the caller's districts: ${def.choices.join(', ')}`, querystring: listQuerySchema(def, { exports: false }), response: answers({ type: 'array', items: choiceSchema(def, ctx.columnTypes) }, `The ${def.name} to choose from.`) } }, async (request) => {
    const { ordered } = buildListQuery(ctx, def, request.query as Record<string, unknown>, request);
    const rows = await ordered.limit(UNPAGED_LIMIT).execute();
    return ok(rows.map((r) => ({ ...Object.fromEntries(picked.map((c) => [c, r[c]])), encrypted_id: ctx.ids.encode(def.name, Number(r.id)) })));
  });
}
