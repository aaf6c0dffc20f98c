import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  const config = loadConfig();
  const { app, seed } = await buildApp(config);
  if (seed.generatedPassword) {
    // shown once: the first super admin's password was not given in ADMIN_PASSWORD
    console.log(`\n  First super admin created.\n  Email:    ${seed.adminEmail}\n  Password: ${seed.generatedPassword}\n  (shown once; change it after signing in)\n`);
  }
  await app.listen({ port: config.port, host: config.host });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
