module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'roles:integration',
  rootDir: __dirname,
};
