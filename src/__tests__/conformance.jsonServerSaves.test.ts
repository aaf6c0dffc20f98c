/** The conformance kit's save round trips (every module's edit form) against the json-server example; its provider checks and lists in conformance.jsonServer.test.ts. */
import { describeConformance } from '../testing/conformance';
import { conformance } from '../../examples/json-server/conformance';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeConformance(conformance, { checks: false, screens: { lists: false, saves: true } });
