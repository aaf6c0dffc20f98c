#!/usr/bin/env node
// `npm run test:provider -- <module> [jest args]`: the conformance kit (src/testing/conformance/) against
// an integrator's providers. <module> (a path from the repository's root, TypeScript or JavaScript)
// exports `conformance`: { name, startBackend, createProviders, credentials, validates }
// (src/testing/conformance/types.ts); examples/json-server/conformance.ts is one. One file, in band;
// ends with jest's own summary and exit code.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './freshness.mjs';

const [module, ...jestArgs] = process.argv.slice(2);
if (!module || module.startsWith('-')) {
  console.error('usage: npm run test:provider -- <module that exports `conformance`> [jest args]');
  process.exit(2);
}
const resolved = path.resolve(process.cwd(), module);
if (!existsSync(resolved)) {
  console.error(`[test:provider] no such module: ${resolved}`);
  process.exit(2);
}
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const child = spawn(process.execPath, [jest, '--config', path.join(root, 'jest.conformance.config.ts'), '--runInBand', '--ci', ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PROVIDER_MODULE: resolved },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, sig) => process.exit(code ?? 128 + (sig === 'SIGINT' ? 2 : 15)));
