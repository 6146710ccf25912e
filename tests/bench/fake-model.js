/**
 * What the model-grading benchmarks share: TypeScript test helpers loaded with swc (the fake
 * OpenAI server, the grading tests' rubrics), the fake model's reply for a rubric, and a grading
 * process of its own started with the benchmark's settings.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { entryOf, freePort } = require('@corestone/devstack');

/** Loads a TypeScript test helper with swc; type-only imports vanish. */
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

/** A complete structured reply (contracts AiGradingReply) for a rubric's criteria: 70 % of each maximum. */
function modelReply(criteria) {
  return {
    criteria: criteria.map((c) => ({
      code: c.code,
      score: Math.round(c.maxScore * 0.7),
      feedback: `Solid work on ${c.name}.`,
      strengths: [{ text: 'Clear focus', quote: '' }],
      improvements: [{ text: 'Evaluate sources', quote: '' }],
    })),
    overallSummary: {
      holisticCommentary: 'A focused essay.',
      strengths: ['Focus'],
      improvements: ['Evaluation'],
      nextSteps: ['Weigh counter-claims'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'Clear.',
      argument_and_evidence: 'Cited.',
      grammar_and_mechanics: 'Clean.',
      critical_thinking: 'Developing.',
      originality_and_insight: 'Personal.',
    },
    suggestions: ['Weigh a counter-claim in each section'],
  };
}

/**
 * A grading process (the built service) with `env` on a free port, once it is ready; its stdout is
 * piped when `pipeStdout` (to read its log lines), else dropped.
 */
async function startGrading(env, { pipeStdout = false, what = 'the grading process' } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [entryOf('grading')], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', pipeStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not become ready`);
}

module.exports = { requireTs, modelReply, startGrading };
