module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'roles',
  rootDir: __dirname,
};
