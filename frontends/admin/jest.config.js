/** Standalone: `npx jest -c frontends/admin/jest.config.js` from the repo root. Shared settings: ../jest.preset.js. */
const { frontendJest } = require('../jest.preset');

module.exports = frontendJest({
  displayName: 'frontend-admin',
  rootDir: __dirname,
  // the local fallback scoring is shared with the grading service (contracts), tested from source
  moduleNameMapper: {
    '^@corestone/contracts/local-assessment$': require('node:path').join(__dirname, '../../packages/contracts/src/local-assessment.ts'),
    // the review's words are the ones the student app, the PDF and the review mail use
    '^@corestone/contracts/review-texts$': require('node:path').join(__dirname, '../../packages/contracts/src/review-texts.ts'),
  },
});
