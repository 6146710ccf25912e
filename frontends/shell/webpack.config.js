/**
 * Shell (host). Remotes are NOT known at build time: the shell fetches /mf/manifest.json at
 * runtime and registers them with the federation runtime (src/federation.ts).
 */
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const deps = require('./package.json').dependencies;

const singleton = (_name, version) => ({ singleton: true, requiredVersion: version });

module.exports = (_env, argv) => {
  const prod = argv.mode !== 'development';
  return {
    mode: prod ? 'production' : 'development',
    entry: { main: './src/index.ts' },
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:8].js',
      uniqueName: 'corestone_shell',
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
        name: 'shell',
        remotes: {},
        dts: false,
        manifest: false,
        shareStrategy: 'loaded-first',
        shared: {
          react: singleton('react', deps.react),
          'react-dom': singleton('react-dom', deps['react-dom']),
          'react-dom/client': singleton('react-dom/client', deps['react-dom']),
          'react/jsx-runtime': singleton('react/jsx-runtime', deps.react),
          'react-router-dom': singleton('react-router-dom', deps['react-router-dom']),
          'react-router': singleton('react-router', deps['react-router-dom']),
          antd: singleton('antd', deps.antd),
          '@corestone/sdk': { singleton: true, requiredVersion: false },
        },
      }),
      new HtmlWebpackPlugin({
        template: './public/index.html',
        publicPath: '/',
        favicon: './public/favicon.svg',
      }),
    ],
    optimization: {
      minimize: prod,
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false, terserOptions: { compress: true, mangle: true } })],
    },
    performance: { hints: false },
  };
};
