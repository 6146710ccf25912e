const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

/** Loads a TypeScript test helper (the fake OpenAI server, test fixtures the jest tests use) with swc; type-only imports vanish. */
function requireTs(file) {
  const { code } = require('@swc/core').transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    module: { type: 'commonjs' },
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  });
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  m._compile(code, file);
  return m.exports;
}

module.exports = { requireTs };
