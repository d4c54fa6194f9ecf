from checklist.cli import entry

entry()
