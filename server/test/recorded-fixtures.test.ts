/**
 * The console's provider tests replay src/test/recorded-api.json, recorded from this server by
 * `npm run record-fixtures`. Recording again in memory and comparing shapes (keys and value types,
 * not values) keeps that file from drifting silently when an answer of the server changes.
 */
import { readFileSync } from 'node:fs';
import { FIXTURES_FILE, recordApiFixtures, shapeOf, type RecordedFixtures } from '../../scripts/record-fixtures';

test('the committed fixtures of the console have the shape of what the server answers now', async () => {
  const committed = JSON.parse(readFileSync(FIXTURES_FILE, 'utf8')) as RecordedFixtures;
  const fresh = await recordApiFixtures();

  // run `npm run record-fixtures` (and adjust the console's provider tests) when this fails
  expect(Object.keys(committed.calls)).toEqual(Object.keys(fresh.calls));
  for (const [name, call] of Object.entries(fresh.calls)) {
    const old = committed.calls[name]!;
    expect({ name, request: old.request.method, status: old.status, shape: shapeOf(old.body) }).toEqual({
      name,
      request: call.request.method,
      status: call.status,
      shape: shapeOf(call.body),
    });
  }
}, 60_000);

test('shapeOf keeps keys and types, not values', () => {
  expect(shapeOf({ b: [1, 2, { x: null }], a: 'text', c: true })).toEqual({ a: 'string', b: ['number', { x: 'null' }], c: 'boolean' });
  expect(shapeOf({ a: 'one' })).toEqual(shapeOf({ a: 'two' }));
  expect(shapeOf({ a: 'one' })).not.toEqual(shapeOf({ a: 1 }));
});
