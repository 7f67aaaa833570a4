module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'lf',
  rootDir: __dirname,
};
