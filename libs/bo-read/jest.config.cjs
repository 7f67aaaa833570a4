module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'bo-read',
  rootDir: __dirname,
};
