// Loads PyScript from the vendored copy and reports boot stages to the shell.
// Imported as a module from index.html; shares core.js's module instance by URL.
const shell = () => window.tapeteShell;

try {
  const { hooks } = await import("../vendor/pyscript/core.js");
  // onReady runs once the interpreter is up and [files] are unpacked, before main.py.
  hooks.main.onReady.add(() => shell()?.stage("app"));
} catch (error) {
  shell()?.fail(`PyScript failed to load: ${error && (error.stack || error.message || error)}`);
}
