/** The conformance kit (src/testing/conformance/) against the in-browser demo's fake provider over the demo data. */
import { describeConformance } from '../testing/conformance';
import { conformance } from '../testing/conformance/modules/fake';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeConformance(conformance, { screens: false });
