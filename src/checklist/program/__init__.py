"""Statements to the model: the builder nests each file's lines into steps, tables, facts and decks."""
