module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'malo-ident',
  rootDir: __dirname,
};
