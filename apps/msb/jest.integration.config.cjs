module.exports = {
  ...require('../../jest.integration-preset.cjs'),
  displayName: 'msb:integration',
  rootDir: __dirname,
};
