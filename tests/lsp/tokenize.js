// The extension's TextMate grammar run as VS Code runs it (vscode-textmate on vscode-oniguruma):
//   node tokenize.js NODE_MODULES GRAMMAR < text   prints, per line, [{text, scopes}] as JSON.
"use strict";
const fs = require("fs");
const path = require("path");

const [modules, grammarPath] = process.argv.slice(2);
const vsctm = require(path.join(modules, "vscode-textmate"));
const onig = require(path.join(modules, "vscode-oniguruma"));
const wasm = fs.readFileSync(path.join(modules, "vscode-oniguruma", "release", "onig.wasm")).buffer;

async function main() {
  await onig.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new onig.OnigScanner(sources),
      createOnigString: (text) => new onig.OnigString(text),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(fs.readFileSync(grammarPath, "utf8"), grammarPath),
  });
  const grammar = await registry.loadGrammar("source.checklist-flow");
  let state = vsctm.INITIAL;
  const out = [];
  for (const line of fs.readFileSync(0, "utf8").split("\n")) {
    const found = grammar.tokenizeLine(line, state);
    out.push(found.tokens.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) })));
    state = found.ruleStack;
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((error) => {
  process.stderr.write(String(error && error.stack ? error.stack : error));
  process.exit(1);
});
