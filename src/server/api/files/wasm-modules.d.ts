// A .wasm import is a compiled WebAssembly.Module: wrangler's bundler makes it a module of the
// Worker (outside the JavaScript bundle), and vitest.config.ts compiles it the same way in tests.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
