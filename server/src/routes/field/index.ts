import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ResourceName } from '../../../../contract/resources';
import { fieldAppointmentRoutes } from './appointments';
import { fieldAuthRoutes } from './auth';
import { fieldDoctorRoutes } from './doctors';
import { fieldDoctorsDayRoutes } from './doctorsDay';
import { fieldFeedbackRoutes } from './feedback';
import { fieldFormRoutes } from './forms';
import { fieldMessageRoutes, fieldTaskRoutes } from './programme';

/**
 * The field apps' API, under /api/field: one plugin a group, each registered when the modules it
 * serves are in the registry (a registry without appointments has no booking routes). The routes sign
 * their callers in through the auth guard (`fieldRoute` in shared.ts) and share the app's hooks,
 * error handler and document; nothing in a resource's declaration registers them.
 */
const GROUPS: readonly { plugin: (app: FastifyInstance) => Promise<void>; needs: ResourceName | null }[] = [
  { plugin: fieldAuthRoutes, needs: null },
  { plugin: fieldDoctorRoutes, needs: 'appointments' },
  { plugin: fieldAppointmentRoutes, needs: 'appointments' },
  { plugin: fieldDoctorsDayRoutes, needs: 'appointments' },
  { plugin: fieldFeedbackRoutes, needs: 'supports' },
  { plugin: fieldTaskRoutes, needs: 'tasks' },
  { plugin: fieldMessageRoutes, needs: 'user-messages' },
  { plugin: fieldFormRoutes, needs: 'dynamic-forms' },
];

export function fieldApi(has: (resource: ResourceName) => boolean): FastifyPluginAsync {
  return async (app) => {
    for (const { plugin, needs } of GROUPS) if (needs === null || has(needs)) await app.register(plugin);
  };
}
