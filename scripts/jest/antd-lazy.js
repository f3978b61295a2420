// Jest's stand-in for `antd` (scripts/jest/lazy-barrel.js says why).
const { lazyBarrel } = require('./lazy-barrel');

module.exports = lazyBarrel(require.resolve('antd/lib/index.js'));
