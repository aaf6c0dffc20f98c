/** The conformance kit (src/testing/conformance/) against our own providers over the real server seeded with the demo data. */
import { describeConformance } from '../testing/conformance';
import { conformance } from '../testing/conformance/modules/ours';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeConformance(conformance, { screens: false });
