/**
 * The browser tests' jest environment: Node's, plus a mark on the test's global when a test fails
 * (jest-circus tells only the environment), so that `browser-failures.ts` can take a screenshot of
 * every page still open before the test's own hooks close them.
 */
const { TestEnvironment } = require('jest-environment-node');

class BrowserTestEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') this.global.__corestoneFailed = true;
  }
}

module.exports = BrowserTestEnvironment;
