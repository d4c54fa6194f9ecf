"""Statements to the model, and files to a Program: the builder nests each file's lines into steps,
tables, facts and decks (builder, cards); load reads, parses, builds and joins a folder of .flow
files, keeping the files it built last; files is the bounded file reader."""
