module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'console-host',
  rootDir: __dirname,
};
