/** The file `npm run test:provider -- <module>` runs (jest.conformance.config.ts): the conformance kit against the module named in PROVIDER_MODULE. */
import { conformanceOf, describeConformance } from '.';

// jsdom draws no charts
jest.mock('../../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

const path = process.env.PROVIDER_MODULE;
if (!path) throw new Error('PROVIDER_MODULE names the conformance module: npm run test:provider -- <module>');
// eslint-disable-next-line @typescript-eslint/no-require-imports
describeConformance(conformanceOf(require(path) as Parameters<typeof conformanceOf>[0]));
