// The client half of the gamedsl language server: starts `gamedsl lsp` (the command the setting
// gamedsl.server.command names) for .game files and lets it speak over stdio.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("gamedsl").get("server.command", ["gamedsl", "lsp"]);
  const server = { command, args, transport: TransportKind.stdio };
  client = new LanguageClient("gamedsl", "gamedsl language server", server, {
    documentSelector: [{ scheme: "file", language: "gamedsl" }, { scheme: "untitled", language: "gamedsl" }],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
