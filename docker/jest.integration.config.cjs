module.exports = {
  ...require('../jest.integration-preset.cjs'),
  displayName: 'deploy:integration',
  rootDir: __dirname,
};
