import fp from 'fastify-plugin';
import { fhirApi } from '../fhir';
import { registerCrud } from '../http/crud';
import { registerExportRoute } from '../http/exports';
import { registerFileRoutes, uploadPermissions } from '../http/files';
import { registerRealtime } from '../realtime/routes';
import { registerAuditRoutes } from '../routes/audit';
import { registerAuthRoutes } from '../routes/auth';
import { registerDashboardRoutes } from '../routes/dashboard';
import { fieldApi } from '../routes/field';
import { registerHealthRoutes } from '../routes/health';
import { registerLocationImport } from '../routes/locationImport';
import { registerMailQueueRoutes } from '../routes/mailQueue';
import { registerNotificationRoutes } from '../routes/notifications';
import { PROMOTIONAL_FILES, registerPromotionalRoutes } from '../routes/promotional';
import { registerSearchRoutes } from '../routes/search';
import { registerUploadRoutes } from '../routes/uploads';
import { registerUserRoutes } from '../routes/users';

/**
 * Every route of the API: health, the admin API (each declared resource's routes from `registerCrud`,
 * and the routes beside them), the field apps' (routes/field) and FHIR R4 at /fhir (its own error
 * answers, OperationOutcome, kept out of /api/docs).
 */
export const api = fp(async (app) => {
  const { registry } = app.ctx;
  registerHealthRoutes(app);
  registerMailQueueRoutes(app);
  registerAuthRoutes(app);
  registerUploadRoutes(app, uploadPermissions(registry.resources, [PROMOTIONAL_FILES]));
  registerNotificationRoutes(app);
  registerDashboardRoutes(app);
  registerPromotionalRoutes(app);
  await registerRealtime(app);
  const crud = new Map(registry.resources.map((def) => [def.name as string, registerCrud(app, def)]));
  registerExportRoute(app, crud);
  registerUserRoutes(app, crud);
  registerLocationImport(app);
  registerFileRoutes(app, registry.resources);
  await app.register(fieldApi((resource) => crud.has(resource)));
  registerAuditRoutes(app, registry);
  registerSearchRoutes(app);
  await app.register(fhirApi(crud), { prefix: '/fhir' });
}, { name: 'api', dependencies: ['context', 'documentation', 'answers', 'requests'] });
