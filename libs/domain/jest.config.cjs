module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'domain',
  rootDir: __dirname,
};
