import type { FastifyRequest } from 'fastify';
import { buildListQuery } from '../list';
import type { CrudHelpers, ListOptions, Presented } from '../resource';
import type { CrudContext } from './shared';

const EXPORT_BATCH = 1000;

/**
 * Every row of the list in its order, presented, in batches: what the signed export link
 * (GET /api/admin/exports/{token}, http/exports.ts) streams. The list hands out that link.
 */
export function exportRows({ ctx, def, present }: CrudContext): CrudHelpers['allRows'] {
  return async function* allRows(q: Record<string, unknown>, request: FastifyRequest, options: ListOptions = {}): AsyncGenerator<Presented> {
    const { ordered } = buildListQuery(ctx, def, q, request, options);
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const batch = await ordered.limit(EXPORT_BATCH).offset(offset).execute();
      for (const row of await present(batch)) yield row;
      if (batch.length < EXPORT_BATCH) return;
    }
  };
}
