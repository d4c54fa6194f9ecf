"""The command line: `checklist check | run | render | paths | cards`, thin shells over the layers below."""
