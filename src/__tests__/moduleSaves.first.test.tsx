/** A save round trip of the edit forms of the first half of the modules on both providers: src/testing/moduleScreens.tsx. */
import { describeSaveRoundTrips, moduleHalf } from '../testing/moduleScreens';

// jsdom draws no charts
jest.mock('../pages/dashboard/BarChartView', () => ({ __esModule: true, default: () => null }));
jest.setTimeout(240_000);

describeSaveRoundTrips(moduleHalf(1), { pages: 'a page is its kind (a choice) and its text (a rich-text editor)' });
