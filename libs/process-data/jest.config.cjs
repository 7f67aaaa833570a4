module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'process-data',
  rootDir: __dirname,
};
