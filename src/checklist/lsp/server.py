"""The language server: pygls over stdio, wired to programs.py and the feature modules.

After each change the program of the changed document is checked again, once the change is
handled (a check already due for that folder is not asked twice; a request asks for it at once),
and every file of it whose findings changed is published: a jump into another file updates when
either file changes.
"""

from __future__ import annotations

import asyncio
import logging

from lsprotocol import types as t
from pygls.exceptions import FeatureRequestError, JsonRpcException
from pygls.lsp.server import LanguageServer
from pygls.workspace.position_codec import PositionCodec

from checklist import __version__
from checklist.lsp import navigate
from checklist.lsp.complete import complete
from checklist.lsp.findings import by_file, quick_fixes
from checklist.lsp.hover import hover, ref_at
from checklist.lsp.layout import formatting
from checklist.lsp.programs import Checked, Programs, name_of, root_of
from checklist.lsp.protocol import FlowProtocol
from checklist.lsp.symbols import outline
from checklist.lsp.text import point, to_range

log = logging.getLogger(__name__)


class FlowServer(LanguageServer):
    protocol: FlowProtocol

    def __init__(self) -> None:
        super().__init__("checklist", __version__, protocol_cls=FlowProtocol)
        self.programs = Programs()
        self.published: dict[str, dict[str, list[t.Diagnostic]]] = {}  # root -> uri -> diagnostics
        self.versions: dict[str, int | None] = {}  # uri -> the document version last published
        self.pending: set[str] = set()

    def report_server_error(self, error: Exception, source: type[Exception]) -> None:
        """A message the loop could not read gets its error response (protocol.py); the rest, a log line."""
        if isinstance(error, ValueError) and source is JsonRpcException:  # json.loads: not JSON, or not UTF-8
            self.protocol.unreadable(error)
        elif source is not FeatureRequestError:  # a request's error is in its response already
            self.window_log_message(t.LogMessageParams(t.MessageType.Error, f"checklist lsp: {error}"))

    # ---- the documents and their programs
    def open_texts(self) -> dict[str, str]:
        return {uri: doc.source for uri, doc in self.workspace.text_documents.items()}

    def checked(self, uri: str) -> Checked:
        return self.programs.checked(root_of(uri), self.open_texts())

    def at(self, uri: str, position: t.Position) -> tuple[Checked, str, int, int]:
        checked = self.checked(uri)
        file = name_of(uri)
        line, column = point(checked.lines(file), position, codec(self))
        return checked, file, line, column

    def changed(self, uri: str) -> None:
        root = root_of(uri)
        self.programs.touch(root)
        if root in self.pending:
            return
        self.pending.add(root)
        try:
            asyncio.get_running_loop().call_soon(self.publish, root)
        except RuntimeError:  # no loop (called directly): publish now
            self.publish(root)

    def publish(self, root: str) -> None:
        self.pending.discard(root)
        try:
            self._publish(root)
        except Exception as exc:  # a bug: say so in the editor's log, and keep serving
            log.exception("checking %s failed", root)
            self.window_log_message(t.LogMessageParams(t.MessageType.Error, f"checklist lsp: checking failed: {exc!r}"))

    def _publish(self, root: str) -> None:
        docs = {uri: doc for uri, doc in self.workspace.text_documents.items() if root_of(uri) == root}
        checked = self.programs.checked(root, self.open_texts())
        anchor = name_of(min(docs)) if docs else None
        found = {checked.uri(name): diags for name, diags in by_file(checked, codec(self), anchor).items()}
        before = self.published.get(root, {})
        for uri in before.keys() - found.keys():  # a file gone from the folder
            found[uri] = []
        for uri, diags in found.items():
            doc = docs.get(uri)
            current = doc.version if doc is not None else None
            if before.get(uri) == diags and (doc is None or self.versions.get(uri) == current):
                continue
            self.versions[uri] = current
            self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, diags, current))
        self.published[root] = {uri: diags for uri, diags in found.items() if diags or uri in docs}


def make_server() -> FlowServer:
    server = FlowServer()

    @server.feature(t.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: FlowServer, params: t.DidOpenTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: FlowServer, params: t.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: FlowServer, params: t.DidCloseTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)  # its program reads it from disk again

    @server.feature(t.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: FlowServer, params: t.DidSaveTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(t.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def files_changed(ls: FlowServer, params: t.DidChangeWatchedFilesParams) -> None:
        for change in params.changes:  # a file changed on disk (git checkout): its folder is read again
            ls.changed(change.uri)

    @server.feature(t.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: FlowServer, params: t.DefinitionParams) -> t.Location | None:
        return navigate.definition(*ls.at(params.text_document.uri, params.position), codec(ls))

    @server.feature(t.TEXT_DOCUMENT_REFERENCES)
    def references(ls: FlowServer, params: t.ReferenceParams) -> list[t.Location]:
        checked, file, line, column = ls.at(params.text_document.uri, params.position)
        return navigate.references(checked, file, line, column, params.context.include_declaration, codec(ls))

    @server.feature(t.TEXT_DOCUMENT_HOVER)
    def on_hover(ls: FlowServer, params: t.HoverParams) -> t.Hover | None:
        checked, file, line, column = ls.at(params.text_document.uri, params.position)
        found = checked.index.at(file, line, column)
        text = hover(checked, found) if found is not None else ref_at(checked.program, file, line, column)
        if text is None:
            return None
        where = to_range(checked.lines(file), found.span, codec(ls)) if found is not None else None
        return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text), where)

    @server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[".", " ", ">"]))
    def on_complete(ls: FlowServer, params: t.CompletionParams) -> t.CompletionList:
        return t.CompletionList(False, complete(*ls.at(params.text_document.uri, params.position)))

    @server.feature(t.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare_rename(ls: FlowServer, params: t.PrepareRenameParams) -> t.PrepareRenamePlaceholder | None:
        return navigate.prepare_rename(*ls.at(params.text_document.uri, params.position), codec(ls))

    @server.feature(t.TEXT_DOCUMENT_RENAME)
    def rename(ls: FlowServer, params: t.RenameParams) -> t.WorkspaceEdit:
        checked, file, line, column = ls.at(params.text_document.uri, params.position)
        return navigate.rename(checked, file, line, column, params.new_name, codec(ls))

    @server.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(code_action_kinds=[t.CodeActionKind.QuickFix]))
    def code_action(ls: FlowServer, params: t.CodeActionParams) -> list[t.CodeAction]:
        uri = params.text_document.uri
        return quick_fixes(ls.checked(uri), name_of(uri), params.range, codec(ls))

    @server.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: FlowServer, params: t.DocumentSymbolParams) -> list[t.DocumentSymbol]:
        uri = params.text_document.uri
        return outline(ls.checked(uri), name_of(uri), codec(ls))

    @server.feature(t.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: FlowServer, params: t.DocumentFormattingParams) -> list[t.TextEdit] | None:
        uri = params.text_document.uri
        return formatting(ls.workspace.get_text_document(uri).source, name_of(uri), codec(ls))

    return server


def run() -> int:
    """`checklist lsp`: serve on stdin and stdout until the editor says exit."""
    logging.basicConfig(level=logging.WARNING, format="checklist lsp: %(levelname)s: %(message)s")
    make_server().start_io()
    return 0


def codec(ls: FlowServer) -> PositionCodec:
    """How the client counts characters (UTF-16 unless it asked for another)."""
    return ls.workspace.position_codec
