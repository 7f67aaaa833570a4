module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'operator',
  rootDir: __dirname,
};
