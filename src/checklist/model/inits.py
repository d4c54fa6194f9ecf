"""The `__init__` of a frozen dataclass of 0 to 16 fields, written out: model/frozen.py gives each
class a copy of the one for its number of fields, with the fields' names. Written here, they come
with the rest of the package's bytecode instead of being compiled at every start (half a
millisecond each, for the 17 of them the package uses); a class of more fields has its own compiled.
tests/model/test_frozen.py writes this file again and compares.
"""

_object = object  # a frozen field is set as the standard decorator's __init__ sets it: object.__setattr__


def init_0(self):  # type: ignore[no-untyped-def]
    pass


def init_1(self, f0):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)


def init_2(self, f0, f1):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)


def init_3(self, f0, f1, f2):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)


def init_4(self, f0, f1, f2, f3):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)


def init_5(self, f0, f1, f2, f3, f4):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)


def init_6(self, f0, f1, f2, f3, f4, f5):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)


def init_7(self, f0, f1, f2, f3, f4, f5, f6):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)


def init_8(self, f0, f1, f2, f3, f4, f5, f6, f7):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)


def init_9(self, f0, f1, f2, f3, f4, f5, f6, f7, f8):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)


def init_10(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)


def init_11(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)


def init_12(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)
    _object.__setattr__(self, "f11", f11)


def init_13(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)
    _object.__setattr__(self, "f11", f11)
    _object.__setattr__(self, "f12", f12)


def init_14(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)
    _object.__setattr__(self, "f11", f11)
    _object.__setattr__(self, "f12", f12)
    _object.__setattr__(self, "f13", f13)


def init_15(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)
    _object.__setattr__(self, "f11", f11)
    _object.__setattr__(self, "f12", f12)
    _object.__setattr__(self, "f13", f13)
    _object.__setattr__(self, "f14", f14)


def init_16(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15):  # type: ignore[no-untyped-def]
    _object.__setattr__(self, "f0", f0)
    _object.__setattr__(self, "f1", f1)
    _object.__setattr__(self, "f2", f2)
    _object.__setattr__(self, "f3", f3)
    _object.__setattr__(self, "f4", f4)
    _object.__setattr__(self, "f5", f5)
    _object.__setattr__(self, "f6", f6)
    _object.__setattr__(self, "f7", f7)
    _object.__setattr__(self, "f8", f8)
    _object.__setattr__(self, "f9", f9)
    _object.__setattr__(self, "f10", f10)
    _object.__setattr__(self, "f11", f11)
    _object.__setattr__(self, "f12", f12)
    _object.__setattr__(self, "f13", f13)
    _object.__setattr__(self, "f14", f14)
    _object.__setattr__(self, "f15", f15)
