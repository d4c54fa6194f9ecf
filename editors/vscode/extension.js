// Starts `checklist lsp` for .flow files: the server does the work (docs/authoring.md).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("checklist")
    .get("server.command", ["checklist", "lsp"]);
  const serverOptions = { command, args }; // stdio: the server reads stdin and writes stdout
  const clientOptions = {
    documentSelector: [
      { scheme: "file", language: "checklist-flow" },
      { scheme: "untitled", language: "checklist-flow" },
    ],
    // a .flow file changed on disk (a git checkout) is read again with its folder
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.flow") },
  };
  client = new LanguageClient("checklist", "Checklist flows", serverOptions, clientOptions);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
