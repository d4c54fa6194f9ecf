"""`checklist lsp`: a Language Server Protocol server over stdio (pygls), for editors.

A shell like the terminal: it loads and checks a folder with the loader and the checker that
`checklist check` uses, and answers an editor's questions from the model's spans
(docs/authoring.md).
"""
