module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'triggers:integration',
  rootDir: __dirname,
};
