/**
 * A FHIR client library of its own process (fhir-kit-client is ES modules only; jest runs CommonJS):
 * `node fhirClientWalk.mjs <base> <token> <count> <Type,...>` searches each type with `_count`, follows
 * the `next` links the library finds until there are none, reads the first record of each type by id,
 * and prints, per type, the ids seen (in order), the pages, the Bundle's total and the read's id.
 */
import { Client } from 'fhir-kit-client';

const [baseUrl, bearerToken, count, types] = process.argv.slice(2);
const client = new Client({ baseUrl, bearerToken });
const out = {};
for (const resourceType of types.split(',')) {
  const ids = [];
  let pages = 0;
  let bundle = await client.search({ resourceType, searchParams: { _count: count } });
  const total = bundle.total;
  for (;;) {
    pages++;
    for (const entry of bundle.entry ?? []) ids.push(entry.resource.id);
    const next = client.nextPage({ bundle });
    if (!next) break;
    bundle = await next;
  }
  const read = ids.length ? await client.read({ resourceType, id: ids[0] }) : null;
  out[resourceType] = { ids, pages, total, read: read ? `${read.resourceType}/${read.id}` : null };
}
process.stdout.write(JSON.stringify(out));
