/** Runs after the test framework is installed in every console test file. */
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { format } from 'util';

// A screen test renders react-admin in jsdom: about a second on an idle machine, three or four while
// another process keeps both cores busy; the waits inside end as soon as their condition holds. Set
// here because jest ignores a `testTimeout` inside a `projects` entry.
jest.setTimeout(120_000);

// findBy* and waitFor give up after this long (testing-library's default is 1 s): a react-admin screen
// can take longer than that to render in jsdom when the machine is busy. They return as soon as their
// condition holds, so a quiet run is not slower.
configure({ asyncUtilTimeout: 30_000 });

// A test that logs console.error fails (STYLE.md): React warnings, act() warnings and
// unexpected provider errors must not scroll by unnoticed. A test that expects an error can
// silence it with its own jest.spyOn(console, 'error').mockImplementation(...).
let logged: string[] = [];
let spy: jest.SpyInstance | undefined;
const originalError = console.error.bind(console);

beforeEach(() => {
  logged = [];
  spy = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
    originalError(...args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (logged.length > 0) {
    const messages = logged.join('\n---\n');
    logged = [];
    throw new Error(`console.error was called during this test:\n${messages}`);
  }
});
