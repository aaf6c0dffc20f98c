/**
 * The OpenAPI document (`/api/docs/json`) as a contract: generated from the routes' declarations, so
 * these checks hold every route, present and future, to it.
 */
import { startTestApp, type TestApp } from './helpers/app';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read as plain JSON */
type Json = Record<string, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document as `METHOD /path` with its object. */
function operations(doc: Json): [string, Json][] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m): [string, Json] => [`${m.toUpperCase()} ${path}`, item[m]]));
}

/** A route's path as the document writes it (`:id` → `{id}`). */
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** Calls `visit` on every schema object below `node`, with its JSON path. */
function walkSchemas(node: unknown, path: string, visit: (schema: Json, path: string) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((item, i) => walkSchemas(item, `${path}/${i}`, visit));
  visit(node as Json, path);
  for (const [key, value] of Object.entries(node)) walkSchemas(value, `${path}/${key}`, visit);
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('bounds every integer and number a client sends (a column holds at most 2^31 - 1; JavaScript counts exactly to 2^53)', () => {
    const unbounded: string[] = [];
    for (const [name, op] of operations(doc)) {
      const sent = { parameters: op.parameters, requestBody: op.requestBody };
      walkSchemas(sent, name, (schema, path) => {
        const numeric = schema.type === 'integer' || schema.type === 'number';
        if (numeric && !Array.isArray(schema.enum) && (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number')) unbounded.push(path);
      });
    }
    expect(unbounded).toEqual([]);
    expect(operations(doc).length).toBeGreaterThan(300);
  });

  it('says who may call each operation: an admin session by default, a field session on the field routes, nothing on the public ones', () => {
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'fieldBearer']);
    const byOperation = new Map(operations(doc));
    const wrong: string[] = [];
    const listed = new Set<string>();
    for (const route of t.app.routeTable) {
      const name = `${route.method} ${docPath(route.url)}`;
      listed.add(name);
      const op = byOperation.get(name);
      if (!op) {
        wrong.push(`${name}: not in the document`);
        continue;
      }
      const want = route.access.field ? [{ fieldBearer: [] }] : route.access.auth === false ? [] : undefined;
      if (JSON.stringify(op.security) !== JSON.stringify(want)) wrong.push(`${name}: ${JSON.stringify(op.security)}`);
    }
    // outside the route table: the field apps' sign-in and reset, and liveness and readiness, public
    for (const [name, op] of operations(doc)) {
      if (listed.has(name)) continue;
      const outside = /^POST \/api\/field\/(login|verify-email|verify-reset-token|reset-password)$/.test(name) || /^GET \/api\/health(\/ready)?$/.test(name);
      if (!outside || JSON.stringify(op.security) !== '[]') wrong.push(`${name}: outside the route table, ${JSON.stringify(op.security)}`);
    }
    expect(wrong).toEqual([]);
    for (const name of ['login', 'verify-email', 'verify-reset-token', 'reset-password']) {
      expect([name, byOperation.get(`POST /api/admin/${name}`)?.security]).toEqual([name, []]);
      expect([name, byOperation.get(`POST /api/field/${name}`)?.security]).toEqual([name, []]);
    }
  });
});
