/**
 * Shared webpack + Module Federation config for the frontends (shell host, student and admin remotes).
 * Each package's webpack.config.js calls `federatedConfig({...})` with only what differs:
 * its directory, federation name, publicPath, entry, remotes/exposes and (host only) html.
 */
const path = require('node:path');
const zlib = require('node:zlib');
const { createRequire } = require('node:module');

/**
 * react, react-dom, react-router(-dom) and the sdk are shared singletons (one React, one router
 * context, one session); each build states the version range it needs (from its package.json), so
 * a host and a remote built against incompatible SDKs are reported by the federation runtime
 * instead of failing in odd ways.
 *
 * antd and @ant-design/icons are NOT shared: a shared module is built whole (all of antd, ~445 KB
 * gzip, on the landing page), while a build that imports them itself keeps only the components it
 * uses (tree shaking). The price is that each build has its own antd contexts: the shell's root and
 * every exposed component of a remote wrap themselves in `AntdRoot` (`@corestone/ui/antd-root`:
 * the theme and the antd App for toasts), so the look and the toasts stay the same. Module
 * Federation's shared `treeShaking` (experimental) would keep antd shared but still ships a full
 * fallback copy whenever a consumer needs an export the loaded copy lacks, which is exactly when
 * the contexts would split again.
 *
 * @corestone/ui (packages/ui: AntdRoot, the app frame, headings, Markdown, navigation) is not
 * shared either, for the same reason: it is built against antd, so each build compiles the parts it
 * imports with its own antd (a shared copy would bring the shell's antd into a remote, and the
 * remote's components would not see its theme). It keeps no state that must be one per page.
 */
function sharedSingletons(deps) {
  const singleton = (version) => ({ singleton: true, requiredVersion: version });
  return {
    react: singleton(deps.react),
    'react-dom': singleton(deps['react-dom']),
    'react-dom/client': singleton(deps['react-dom']),
    'react/jsx-runtime': singleton(deps.react),
    'react-router-dom': singleton(deps['react-router-dom']),
    'react-router': singleton(deps['react-router-dom']),
    '@corestone/sdk': singleton(deps['@corestone/sdk']),
  };
}

/** The best levels: compression runs once per build (also prerendered pages, shell/prerender/). */
const GZIP_OPTIONS = { level: 9 };
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };

/**
 * Brotli and gzip copies of every text asset, written beside it at build time (`main.js.br`,
 * `main.js.gz`): the gateway and the frontends image send the one the browser accepts, so no
 * CPU is spent compressing on each request and the best compression level is affordable.
 */
function precompressed(CompressionPlugin) {
  const test = /\.(js|css|html|json|svg)$/;
  return [
    new CompressionPlugin({
      test,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      threshold: 1024,
      minRatio: 0.9,
      compressionOptions: GZIP_OPTIONS,
    }),
    new CompressionPlugin({
      test,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      threshold: 1024,
      minRatio: 0.9,
      compressionOptions: BROTLI_OPTIONS,
    }),
  ];
}

/** Our TypeScript/TSX sources through swc (every frontend build and the shell's prerender build). */
function sourceRule(prod) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: !prod } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * @param {object} o
 * @param {string} o.dir          the package directory (__dirname of its webpack.config.js)
 * @param {string} o.name         federation name; output.uniqueName is `corestone_<name>`
 * @param {string} o.publicPath   where dist/ is served from
 * @param {object} [o.entry]      webpack entries (a remote has none besides its container)
 * @param {object} [o.federation] extra ModuleFederationPlugin options (remotes, exposes, filename)
 * @param {object} [o.html]       HtmlWebpackPlugin options (host only)
 * @returns webpack config function `(env, argv) => config`
 */
function federatedConfig({ dir, name, publicPath, entry = {}, federation = {}, html }) {
  // plugins are resolved from the package, which declares them
  const requireFromPkg = createRequire(path.join(dir, 'package.json'));
  const TerserPlugin = requireFromPkg('terser-webpack-plugin');
  const { ModuleFederationPlugin } = requireFromPkg('@module-federation/enhanced/webpack');
  const deps = requireFromPkg('./package.json').dependencies;

  return (_env, argv) => {
    const prod = argv.mode !== 'development';
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...federation,
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        shared: sharedSingletons(deps),
      }),
    ];
    if (html) {
      const HtmlWebpackPlugin = requireFromPkg('html-webpack-plugin');
      plugins.push(new HtmlWebpackPlugin({ publicPath, ...html }));
    }
    if (prod) plugins.push(...precompressed(requireFromPkg('compression-webpack-plugin')));
    return {
      mode: prod ? 'production' : 'development',
      entry,
      devtool: prod ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.resolve(dir, 'dist'),
        publicPath,
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        uniqueName: `corestone_${name}`,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
      module: { rules: [sourceRule(prod)] },
      plugins,
      optimization: {
        minimize: prod,
        minimizer: [
          new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: true, mangle: true } }),
        ],
      },
      performance: { hints: false },
    };
  };
}

module.exports = { federatedConfig, sharedSingletons, sourceRule, GZIP_OPTIONS, BROTLI_OPTIONS };
