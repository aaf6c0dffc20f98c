/**
 * `tsx scripts/demo-server.ts [PORT]`: the real server listening on 127.0.0.1 (port 0: any free one) over a
 * throwaway SQLite seeded with the demo data (scripts/demo-data.ts), the demo admin `admin@example.org`
 * able to sign in; prints `listening on <url>`, and removes its data when stopped (SIGTERM, SIGINT). The
 * conformance kit's backend for our own providers (src/testing/conformance/modules/ours.ts).
 */
import { startDemoApp } from './demo-data';

async function main() {
  const { app, close } = await startDemoApp();
  const address = await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void close().finally(() => process.exit(0)));
  console.log(`listening on ${address}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
