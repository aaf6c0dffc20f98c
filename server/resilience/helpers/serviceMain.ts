/**
 * A service a node leans on, run as a process of its own so that a test can take it away with SIGKILL
 * (its connections reset, as when a machine or container dies) and start it again on the same port
 * and data (server/resilience/helpers/services.ts):
 *
 *   s3 <port> <directory>                  s3rver, an S3-compatible server keeping its objects in <directory>
 *   pusher <port> <appId> <key> <secret>   a Pusher-protocol service: the server's own embedded endpoint
 *                                          (server/src/realtime/embedded.ts) alone on its port, standing in
 *                                          for Soketi (whose uWebSockets.js binaries come from outside npm)
 *
 * Prints `listening <port>` once it accepts connections.
 */
import Fastify from 'fastify';
import S3rver from 's3rver';
import { registerEmbeddedEndpoint } from '../../src/realtime/embedded';

async function main(): Promise<void> {
  const [kind, portText, ...rest] = process.argv.slice(2);
  const port = Number(portText);
  if (kind === 's3') {
    const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory: rest[0]! });
    await server.run();
  } else if (kind === 'pusher') {
    const [appId, key, secret] = rest as [string, string, string];
    const app = Fastify({ logger: false });
    await registerEmbeddedEndpoint(app, { credentials: { appId, key, secret } });
    await app.listen({ port, host: '127.0.0.1' });
  } else throw new Error(`unknown service ${kind}`);
  process.stdout.write(`listening ${port}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
