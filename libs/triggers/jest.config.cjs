module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'triggers',
  rootDir: __dirname,
};
