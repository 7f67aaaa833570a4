module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'nb',
  rootDir: __dirname,
};
