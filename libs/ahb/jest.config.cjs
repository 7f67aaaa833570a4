module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'ahb',
  rootDir: __dirname,
};
