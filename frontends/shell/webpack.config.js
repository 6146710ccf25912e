/**
 * Shell (host). Remotes are NOT known at build time: the shell fetches /mf/manifest.json at
 * runtime and registers them with the federation runtime (src/federation.ts).
 * Shared settings: ../webpack.common.js.
 */
const { federatedConfig } = require('../webpack.common');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'shell',
  publicPath: '/',
  entry: { main: './src/index.ts' },
  federation: { remotes: {} },
  html: { template: './public/index.html', favicon: './public/favicon.svg' },
});
