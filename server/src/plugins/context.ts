import fp from 'fastify-plugin';
import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db';
import { loadColumnTypes } from '../db/columns';
import { loadSearchIndexes } from '../db/search';
import { IdCodec } from '../http/ids';
import { InFlight, trackInFlight } from '../http/inFlight';
import type { Registry } from '../http/resource';
import { Realtime } from '../realtime';
import { createMailer, type Mailer } from '../services/mail';
import { MailQueue } from '../services/mailQueue';
import { Outages } from '../services/outages';
import { createStorage } from '../services/storageDriver';

/** How long a shutdown waits for the requests still running before it closes the database under them. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface ContextOptions {
  config: Config;
  database: Db;
  registry: Registry;
  /** the tests' mail transport, else SMTP_URL's (or the mail folder) */
  mailer?: Mailer;
  /** the database belongs to the caller (tests share one per suite): not closed with the app */
  sharedDatabase: boolean;
}

/**
 * What every route and hook reaches as `app.ctx` (context.ts): the database, the file store, the mail
 * queue, real time and the watch on the dependencies that may go away (services/outages.ts); closed with
 * the app. Mail starts going out once the app is ready.
 */
export const appContext = fp<ContextOptions>(async (app, { config, database, registry, mailer, sharedDatabase }) => {
  mkdirSync(config.dataDir, { recursive: true });
  const storage = createStorage(config);
  const transport = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const outages = new Outages({
    log: app.log,
    probes: {
      database: () => database.db.selectFrom('roles').select('id').limit(1).execute(),
      storage: () => storage.ready(),
      ...(transport.verify ? { mail: () => transport.verify!() } : {}),
    },
  });
  // outgoing mail waits in the database, sent by whichever node is up (services/mailQueue.ts)
  const mail = new MailQueue({ db: database.db, transport, appKey: config.appKey, log: app.log, outages });
  // PostgreSQL closed a connection: one ended by an administrator, or the whole server going away
  database.onConnectionLost((err) => outages.suspect('database', err));
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    ids: new IdCodec(config.appKey),
    mail,
    storage,
    realtime: new Realtime({ config, log: app.log, server: () => app.server, outages }),
    searchIndexes: await loadSearchIndexes(database.db, database.dialect),
    columnTypes: await loadColumnTypes(database),
    registry,
    outages,
  };
  app.decorate('ctx', ctx);
  const inFlight = new InFlight();
  trackInFlight(app, inFlight);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => {
    // requests still at work (their clients may have left) finish before what they use is closed
    if (inFlight.count > 0) app.log.info({ running: inFlight.count }, 'shutting down: waiting for the requests still running');
    if (!(await inFlight.idle(SHUTDOWN_GRACE_MS))) app.log.warn({ running: inFlight.count }, `requests still running after ${SHUTDOWN_GRACE_MS} ms of shutdown: closing under them`);
    outages.close();
    await mail.close();
    if (!mailer) transport.close();
    if (!sharedDatabase) await database.destroy();
  });
}, { name: 'context' });
