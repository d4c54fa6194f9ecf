from checklist.cli.main import entry

entry()
