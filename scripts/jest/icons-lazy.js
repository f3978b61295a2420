// Jest's stand-in for `@ant-design/icons` (scripts/jest/lazy-barrel.js says why): `XxxOutlined` is lib/icons/XxxOutlined.
const fs = require('node:fs');
const path = require('node:path');
const { lazyBarrel } = require('./lazy-barrel');

// `/lib`, not the bare name (which Jest maps to this file); the icon files beside it are required by absolute path.
const index = require.resolve('@ant-design/icons/lib');
const icons = path.join(path.dirname(index), 'icons');

module.exports = lazyBarrel(index, (name) => {
  const file = path.join(icons, `${name}.js`);
  return /^[A-Z]\w+$/.test(name) && fs.existsSync(file) ? file : null;
});
