module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/bench/results/'],
};
