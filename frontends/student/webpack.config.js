/**
 * Student remote. Served by the gateway under /mf/student/ (publicPath). The shell finds
 * /mf/student/remoteEntry.js through /mf/manifest.json at runtime.
 */
const path = require('node:path');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const deps = require('./package.json').dependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version });

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    entry: {},
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/mf/student/',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'corestone_student',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js'] },
    module: {
      rules: [
        {
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
        },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: 'student',
        filename: 'remoteEntry.js',
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        exposes: {
          './DashboardApp': './src/exposes/DashboardApp.tsx',
          './UploadPage': './src/exposes/UploadPage.tsx',
          './ResultsPage': './src/exposes/ResultsPage.tsx',
        },
        shared: {
          react: singleton(deps.react),
          'react-dom': singleton(deps['react-dom']),
          'react-dom/client': singleton(deps['react-dom']),
          'react/jsx-runtime': singleton(deps.react),
          'react-router-dom': singleton(deps['react-router-dom']),
          'react-router': singleton(deps['react-router-dom']),
          antd: singleton(deps.antd),
          '@corestone/sdk': { singleton: true, requiredVersion: false },
        },
      }),
    ],
    optimization: {
      minimize: prod,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: true, mangle: true } })],
    },
    performance: { hints: false },
  };
};
