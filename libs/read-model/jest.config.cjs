module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'read-model',
  rootDir: __dirname,
};
