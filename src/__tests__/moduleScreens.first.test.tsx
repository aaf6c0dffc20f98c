/** The record screens (edit, show, add) of the first half of the modules on both providers: src/testing/moduleScreens.tsx. */
import { describeModuleScreens, moduleHalf } from '../testing/moduleScreens';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeModuleScreens(moduleHalf(1));
