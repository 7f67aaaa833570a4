module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'console-host:integration',
  rootDir: __dirname,
};
