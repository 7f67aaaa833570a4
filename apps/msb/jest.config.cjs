module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'msb',
  rootDir: __dirname,
};
