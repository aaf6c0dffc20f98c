/** The conformance kit (src/testing/conformance/) against the json-server example (ra-data-json-server with withConsoleMethods over examples/json-server/): the provider checks and every module's list; the saves in conformance.jsonServerSaves.test.ts. */
import { describeConformance } from '../testing/conformance';
import { conformance } from '../../examples/json-server/conformance';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeConformance(conformance, { screens: { lists: true, saves: false } });
