module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'process-store',
  rootDir: __dirname,
};
