// Jest only (jest.config.js moduleNameMapper). `antd` and `@ant-design/icons` are barrels: requiring either loads
// every component (about 3,000 modules with the 1,700 icons), and Jest evaluates them again in every test file — a
// few seconds of each screen test's time. These stand-ins load a component the first time a test touches it, from
// the package's own CommonJS entry, with the same export names (read from the barrel's source, so a new antd release
// keeps working). A name they cannot place falls back to the whole barrel.
const fs = require('node:fs');
const path = require('node:path');

/** `name -> module path` from a Babel-compiled barrel: `exports, "Button", ... return _button.default` + `_button = ...require("./button")`. */
function exportMap(indexFile) {
  const src = fs.readFileSync(indexFile, 'utf8');
  const vars = new Map();
  for (const m of src.matchAll(/var (_\w+) = (?:_interopRequireDefault\()?require\("(\.[^"]+)"\)/g)) vars.set(m[1], m[2]);
  const names = new Map();
  for (const m of src.matchAll(/Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.(\w+);/g)) {
    const file = vars.get(m[2]);
    if (file) names.set(m[1], { file: path.join(path.dirname(indexFile), file), prop: m[3] });
  }
  return names;
}

/** A module whose exports resolve on first access. `extra(name)` may place names the barrel re-exports wholesale. */
function lazyBarrel(indexFile, extra = () => null) {
  const names = exportMap(indexFile);
  let whole;
  const all = () => (whole ??= require(indexFile));
  const cache = new Map();
  const resolve = (name) => {
    if (cache.has(name)) return cache.get(name);
    const at = names.get(name);
    let value;
    if (at) value = require(at.file)[at.prop];
    else {
      const file = extra(name);
      value = file ? require(file).default : all()[name];
    }
    cache.set(name, value);
    return value;
  };
  return new Proxy(
    { __esModule: true },
    {
      get: (target, name) => (typeof name !== 'string' || name === '__esModule' || name === 'then' ? target[name] : resolve(name)),
      has: (target, name) => name in target || names.has(name) || name in all(),
      ownKeys: () => Reflect.ownKeys(all()),
      getOwnPropertyDescriptor: (target, name) =>
        name === '__esModule' ? { value: true, enumerable: false, configurable: true } : { value: resolve(name), enumerable: true, configurable: true },
    },
  );
}

module.exports = { lazyBarrel };
