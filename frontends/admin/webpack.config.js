/**
 * Admin remote. Served by the gateway under /mf/admin/ (publicPath). The shell finds
 * /mf/admin/remoteEntry.js through /mf/manifest.json at runtime and loads it only when an admin
 * or super admin opens /admin/*. Shared settings: ../webpack.common.js.
 */
const { federatedConfig } = require('../webpack.common');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'admin',
  publicPath: '/mf/admin/',
  federation: {
    filename: 'remoteEntry.js',
    exposes: {
      './AdminApp': './src/exposes/AdminApp.tsx',
      // the menu alone (data): the shell draws it around its retry screen when the back office fails
      './navigation': './src/navigation.ts',
    },
  },
});
