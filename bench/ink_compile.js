#!/usr/bin/env node
// Compile an .ink file with the inkjs compiler (bench/package.json pins the version) and print
// what it took, as one line of JSON on stdout:
//
//     node bench/ink_compile.js FILE.ink [--to-json]
//     {"file": ..., "inkjs": "2.4.0", "bytes": ..., "read_ms": ..., "compile_ms": ..., "warnings": 0}
//
// compile_ms is `new Compiler(source).Compile()`: parse, resolve references and build the runtime
// story, as inklecate does before it writes the JSON.  --to-json also times `story.ToJson()`
// (to_json_ms) and reports the JSON's size; nothing is written to disk.  Compile errors go to
// stderr, one per line, and the exit code is 1; a file that cannot be read exits 2.
"use strict";

const fs = require("fs");
const path = require("path");
const { performance } = require("perf_hooks");

function main(argv) {
  const toJson = argv.includes("--to-json");
  const files = argv.filter((a) => !a.startsWith("--"));
  if (files.length !== 1) {
    process.stderr.write("usage: node bench/ink_compile.js FILE.ink [--to-json]\n");
    return 2;
  }
  let inkjs;
  try {
    inkjs = require("inkjs/full");
  } catch (err) {
    process.stderr.write(`cannot load inkjs (run: npm install --prefix bench): ${err.message}\n`);
    return 2;
  }
  // inkjs's "exports" leave out package.json: read it next to the bundle (dist/..)
  const pkg = path.join(path.dirname(require.resolve("inkjs/full")), "..", "package.json");
  const version = JSON.parse(fs.readFileSync(pkg, "utf-8")).version;
  const file = files[0];

  const t0 = performance.now();
  let source;
  try {
    source = fs.readFileSync(file, "utf-8").replace(/^\ufeff/, "");
  } catch (err) {
    process.stderr.write(`${file}: ${err.message}\n`);
    return 2;
  }
  const t1 = performance.now();

  // Default options, as `new Compiler(source)` in inkjs's README: no file handler, so no INCLUDE
  // (the benchmark stories are one file), and error messages carry line numbers but no file name.
  const compiler = new inkjs.Compiler(source);
  let story = null;
  let thrown = null;
  try {
    story = compiler.Compile();
  } catch (err) {
    thrown = err; // Compile() throws "Compilation failed." once errors were reported
  }
  const t2 = performance.now();

  const errors = compiler.errors;
  if (errors.length || !story) {
    for (const message of errors) process.stderr.write(message + "\n");
    if (thrown && !errors.length) process.stderr.write(`inkjs threw: ${thrown.stack || thrown}\n`);
    process.stderr.write(`${file}: ${errors.length} compile error(s), ${compiler.warnings.length} warning(s)\n`);
    return 1;
  }
  for (const message of compiler.warnings.slice(0, 5)) process.stderr.write(message + "\n");

  const out = {
    file,
    inkjs: version,
    bytes: Buffer.byteLength(source),
    read_ms: +(t1 - t0).toFixed(3),
    compile_ms: +(t2 - t1).toFixed(3),
    warnings: compiler.warnings.length,
  };
  if (toJson) {
    const t3 = performance.now();
    const json = story.ToJson();
    out.to_json_ms = +(performance.now() - t3).toFixed(3);
    out.json_bytes = Buffer.byteLength(json);
  }
  process.stdout.write(JSON.stringify(out) + "\n");
  return 0;
}

process.exitCode = main(process.argv.slice(2));
