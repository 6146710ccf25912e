/**
 * The shell's prerender build: src/prerender.tsx for Node (one file, lazy pages included), run at
 * build time by prerender/landingHtml.js. No federation: React, the router and the sdk are bundled
 * in, as the page is rendered once and thrown away. Written outside dist/ (dist is what is served).
 */
const path = require('node:path');
const webpack = require('webpack');
const { sourceRule } = require('../webpack.common');

module.exports = {
  mode: 'production',
  target: 'node20',
  entry: { prerender: './src/prerender.tsx' },
  output: {
    path: path.resolve(__dirname, '.prerender'),
    filename: '[name].js',
    library: { type: 'commonjs2' },
    clean: true,
  },
  resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
  module: { rules: [sourceRule(true)] },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  // readable stack traces if a page fails to render at build time
  optimization: { minimize: false },
  performance: { hints: false },
};
