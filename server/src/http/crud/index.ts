import type { FastifyInstance } from 'fastify';
import type { CrudHelpers, ResourceDef } from '../resource';
import { registerBulk } from './bulk';
import { registerChoices } from './choices';
import { exportRows } from './export';
import { registerList } from './list';
import { registerRead } from './read';
import { crudContext } from './shared';
import { registerStatus } from './status';
import { registerWrite } from './write';

export { TITLE_TAKEN } from './checks';
export { MAX_BULK } from './bulk';
export { countFromMatches, KEYS_FIRST_FROM, listAnswers, matchesFirst, PG_MATCH_COST, searchPagePlan, UNPAGED_LIMIT, walkByText, walkProbing } from './list';
export { access, listPath, type PendingWrite, writeContext } from './shared';
export { bodySchemas } from './write';

/**
 * One declaration's routes under /api/admin/{name}, step by step (a file each): the list, the picker's
 * choices, one record, create/update/delete, bulk actions, the status change; then the declaration's
 * own routes. Returns the helpers those routes and the export route use.
 */
export function registerCrud(app: FastifyInstance, def: ResourceDef): CrudHelpers {
  const crud = crudContext(app, def);
  const list = registerList(crud);
  registerChoices(crud);
  registerRead(crud);
  registerWrite(crud);
  registerBulk(crud);
  registerStatus(crud);
  const helpers: CrudHelpers = { def, decodeId: crud.decodeId, loadOne: crud.loadOne, findRow: crud.findRow, present: crud.present, list, allRows: exportRows(crud) };
  def.routes?.(app, helpers);
  return helpers;
}
