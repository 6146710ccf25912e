/**
 * Student remote. Served by the gateway under /mf/student/ (publicPath). The shell finds
 * /mf/student/remoteEntry.js through /mf/manifest.json at runtime.
 * Shared settings: ../webpack.common.js.
 */
const { federatedConfig } = require('../webpack.common');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'student',
  publicPath: '/mf/student/',
  federation: {
    filename: 'remoteEntry.js',
    exposes: {
      './DashboardApp': './src/exposes/DashboardApp.tsx',
      // the menu alone (data): the shell draws it around its retry screen when the dashboard fails
      './navigation': './src/navigation.ts',
      './UploadPage': './src/exposes/UploadPage.tsx',
      './ResultsPage': './src/exposes/ResultsPage.tsx',
      './ReportPage': './src/exposes/ReportPage.tsx',
    },
  },
});
