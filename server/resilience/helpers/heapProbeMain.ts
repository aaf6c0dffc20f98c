/**
 * The server (server/src/main.ts, unchanged) with a heap probe beside it, for the load test
 * (load.test.ts). Test-only: it lives outside server/src, so the production build (server/tsconfig.build.json)
 * never holds it, and `npm start` never runs it.
 *
 *   node --expose-gc --import tsx heapProbeMain.ts
 *
 * HEAP_PROBE_PORT=<port>   a second HTTP listener on 127.0.0.1:<port> whose every answer is
 *                          `{"heapUsed": bytes, "rss": bytes}` taken right after a full collection
 *                          (global.gc): what the server's objects still hold, whatever the collector's
 *                          timing, where RSS also counts garbage not yet collected and pages not yet returned.
 * HEAP_PROBE_LEAK=<bytes>  a deliberate leak, for the test that shows the load test's check fails on one:
 *                          every request the server receives leaves an object of about that many bytes
 *                          on the heap, kept for ever (read from node's `http.server.request.start` channel).
 */
import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('heapProbeMain needs node --expose-gc');
const port = Number(process.env.HEAP_PROBE_PORT);
if (!port) throw new Error('heapProbeMain needs HEAP_PROBE_PORT');

createServer((_req, res) => {
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ heapUsed, rss }));
}).listen(port, '127.0.0.1');

const leakBytes = Number(process.env.HEAP_PROBE_LEAK ?? 0);
if (leakBytes > 0) {
  const kept: unknown[] = [];
  // an array of small integers: 8 bytes an element on the heap
  subscribe('http.server.request.start', () => void kept.push(new Array(Math.ceil(leakBytes / 8)).fill(1)));
}

void import('../../src/main');
