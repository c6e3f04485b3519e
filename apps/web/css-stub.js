// Stylesheets in the web client's unit tests: a plain import is nothing, and a CSS module's
// class names are their keys (`classes.header` is "header").
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
