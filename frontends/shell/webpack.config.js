/**
 * Shell (host). Remotes are NOT known at build time: the shell fetches /mf/manifest.json at
 * runtime and registers them with the federation runtime (src/federation.ts).
 * Shared settings: ../webpack.common.js.
 */
const { federatedConfig } = require('../webpack.common');

/**
 * V8's explicit compile hint (Chrome 136+; other engines ignore the comment): a script starting
 * with `//# allFunctionsCalledOnLoad` has all its functions compiled while it is streamed, on a
 * background thread, instead of each one on the main thread at its first call. Given to the
 * scripts of the first render only — the entry, the bootstrap chunks and the shared modules
 * (react, react-dom, router, sdk) the federation runtime loads at start — not to the chunks of
 * pages and sections loaded on demand, most of whose functions a visit never calls.
 * Added after minification (which would strip the comment) and before the brotli/gzip copies.
 */
class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHints', stage: Compilation.PROCESS_ASSETS_STAGE_DEV_TOOLING }, () => {
        for (const chunk of compilation.chunks) {
          const atStart =
            chunk.canBeInitial() || [...chunk.groupsIterable].some((g) => g.origins.some((o) => !o.request || o.request === './bootstrap'));
          if (!atStart) continue;
          for (const file of chunk.files) {
            if (file.endsWith('.js'))
              compilation.updateAsset(file, (old) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', old));
          }
        }
      });
    });
  }
}

const config = federatedConfig({
  dir: __dirname,
  name: 'shell',
  publicPath: '/',
  entry: { main: './src/index.ts' },
  federation: { remotes: {} },
  html: { template: './public/index.html', favicon: './public/favicon.svg' },
});

module.exports = (env, argv) => {
  const built = config(env, argv);
  if (argv.mode !== 'development') built.plugins.push(new CompileHintsPlugin());
  return built;
};
