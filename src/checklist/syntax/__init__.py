"""Text to statements: the grammar (checklist.lark, the only description of the syntax),
Lark's parser built from it, and one transformer that turns lines into typed statements."""
