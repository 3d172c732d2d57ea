/* global module */
// node-polyglot's polyfill of Object.entries (the package object.entries): every browser we serve has Object.entries, and the
// polyfill drags get-intrinsic and a dozen es-abstract helpers (~5 KB gzip) into every first load
module.exports = Object.entries;
