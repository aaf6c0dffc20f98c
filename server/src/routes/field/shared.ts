import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import { MAX_ID } from '../../http/fields';

/** What the field apps' route groups (one plugin each, routes/field/index.ts) have in common. */

export const tags = ['field app'];
/** the apps' lists: 50 a page */
export const PER_PAGE = 50;

/**
 * The options of a field route for some kinds of account: its access names the kinds, so the auth
 * guard signs the caller in before the body is read (401, 403 for the other kinds, 429 past the
 * account's rate: http/fieldAuth.ts), and the route table lists it, so the authorization matrix and
 * the fuzzer call it with each kind's token.
 */
export const fieldRoute = (...kinds: readonly string[]) => ({ config: { access: { auth: false, field: kinds } } });

export const PAGE = Type.String({ pattern: '^[1-9][0-9]{0,3}$', 'x-message': 'The page must be a number.' });
export const Paging = Type.Object({ page: Type.Optional(PAGE) });
export const DAY = Type.String({ format: 'date', 'x-message': 'Please give the day as YYYY-MM-DD.', description: 'a calendar day, YYYY-MM-DD' });
export const MONTH = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', 'x-message': 'Please give the month as YYYY-MM.', description: 'YYYY-MM' });
/** a positive whole number in a query */
export const NUMBER = (message: string) => Type.String({ pattern: '^[1-9][0-9]{0,9}$', 'x-message': message });
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,10}$', description: "the record's numeric id" }) });

/** the numeric id of the path; one no record can have is a 404 */
export const idOf = (request: FastifyRequest): number => {
  const id = Number((request.params as { id: string }).id);
  if (!id || id > MAX_ID) throw notFound();
  return id;
};
export const pageOf = (request: FastifyRequest) => Number((request.query as { page?: string }).page ?? 1);
export const fullName = (f: string | null, l: string | null) => [f, l].filter(Boolean).join(' ');
