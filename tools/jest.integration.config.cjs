module.exports = {
  ...require('../jest.integration-preset.cjs'),
  displayName: 'tools:integration',
  rootDir: __dirname,
  testPathIgnorePatterns: ['/node_modules/', '/bench/results/'],
};
