module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'lf:integration',
  rootDir: __dirname,
};
