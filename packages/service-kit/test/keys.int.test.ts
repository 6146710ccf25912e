/**
 * Development keys are generated once into KEYS_DIR by whichever service starts first; the others,
 * starting at the same moment (npm start, a test platform), must read that same key — never an
 * empty or half-written file (seen once in CI: "DATA_ENCRYPTION_KEY must be 32 bytes").
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Child processes load the built module (npm test builds before the tests run).
const keysModule = path.resolve(__dirname, '..', 'dist', 'keys.js');
const PROCESSES = 12;
const ROUNDS = 10;

/** One process loading the keys as a service does at start; answers a digest of what it loaded, or its error. */
function loadInChild(dir: string, go: string): Promise<string> {
  const script = `
    const fs = require('node:fs');
    while (!fs.existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); // all start together
    try {
      const k = require(${JSON.stringify(keysModule)}).loadPlatformKeys({ NODE_ENV: 'development', KEYS_DIR: ${JSON.stringify(dir)} });
      process.stdout.write([k.kid, k.dataKey.toString('base64'), k.tokenKey.toString('base64')].join(' '));
    } catch (err) {
      process.stdout.write('ERROR ' + err.message);
    }`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('close', () => resolve(out));
  });
}

// 120 node processes in all: ≈ 30 s on a busy 2-core machine (CI, two jest workers). The test checks
// what they load, not how fast, so jest waits as long as the processes need.
const ALL_ROUNDS_MS = 180_000;

it(
  'services starting together all load the same development keys',
  async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-keys-'));
      const go = path.join(dir, '..', `${path.basename(dir)}.go`);
      try {
        const loads = Array.from({ length: PROCESSES }, () => loadInChild(path.join(dir, 'keys'), go));
        await new Promise((r) => setTimeout(r, 300)); // the children are up and waiting
        fs.writeFileSync(go, '');
        const results = await Promise.all(loads);
        expect(results.filter((r) => r.startsWith('ERROR'))).toEqual([]);
        expect(new Set(results).size).toBe(1);
        expect(fs.readdirSync(path.join(dir, 'keys')).sort()).toEqual(['data-encryption.key', 'jwt-signing.pem', 'refresh-token.key']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(go, { force: true });
      }
    }
  },
  ALL_ROUNDS_MS,
);
