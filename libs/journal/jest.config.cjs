module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'journal',
  rootDir: __dirname,
};
