"""The `__init__` of a frozen dataclass of 0 to 16 fields, written out: model/frozen.py gives each
class a copy of the one for its number of fields, with the fields' names. Written here, they come
with the package's bytecode instead of being compiled at every start (half a millisecond each);
a class of more fields has its own compiled. tests/model/test_frozen.py writes this file again.

`init_N(_sc, _twin, _kind, s0, ...)` takes what sets an object's class, the class's writable twin and
the class (frozen.py's `_twin`; None without one) and its fields' setters (each slot's descriptor's
`__set__`). From TWIN_FIELDS fields on, an instance of the class itself is made its twin for plain
stores `self.a0 = f0` (frozen.py names them after the fields), then the class again: cheaper than
a setter's call for each (a Known has 10 fields). A subclass, or fewer fields, is set by the setters,
past the class's `__setattr__` as `object.__setattr__` sets it, at half the cost.
"""

TWIN_FIELDS = 6  # two changes of class cost about as much as five setters' calls


def init_0(_sc, _twin, _kind):  # type: ignore[no-untyped-def]
    def __init__(self):  # type: ignore[no-untyped-def]
        pass

    return __init__


def init_1(_sc, _twin, _kind, s0):  # type: ignore[no-untyped-def]
    def __init__(self, f0):  # type: ignore[no-untyped-def]
        s0(self, f0)

    return __init__


def init_2(_sc, _twin, _kind, s0, s1):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1):  # type: ignore[no-untyped-def]
        s0(self, f0)
        s1(self, f1)

    return __init__


def init_3(_sc, _twin, _kind, s0, s1, s2):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2):  # type: ignore[no-untyped-def]
        s0(self, f0)
        s1(self, f1)
        s2(self, f2)

    return __init__


def init_4(_sc, _twin, _kind, s0, s1, s2, s3):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3):  # type: ignore[no-untyped-def]
        s0(self, f0)
        s1(self, f1)
        s2(self, f2)
        s3(self, f3)

    return __init__


def init_5(_sc, _twin, _kind, s0, s1, s2, s3, s4):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4):  # type: ignore[no-untyped-def]
        s0(self, f0)
        s1(self, f1)
        s2(self, f2)
        s3(self, f3)
        s4(self, f4)

    return __init__


def init_6(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)

    return __init__


def init_7(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)

    return __init__


def init_8(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)

    return __init__


def init_9(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)

    return __init__


def init_10(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)

    return __init__


def init_11(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)

    return __init__


def init_12(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.a11 = f11
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)
            s11(self, f11)

    return __init__


def init_13(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.a11 = f11
            self.a12 = f12
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)
            s11(self, f11)
            s12(self, f12)

    return __init__


def init_14(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.a11 = f11
            self.a12 = f12
            self.a13 = f13
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)
            s11(self, f11)
            s12(self, f12)
            s13(self, f13)

    return __init__


def init_15(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.a11 = f11
            self.a12 = f12
            self.a13 = f13
            self.a14 = f14
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)
            s11(self, f11)
            s12(self, f12)
            s13(self, f13)
            s14(self, f14)

    return __init__


def init_16(_sc, _twin, _kind, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15):  # type: ignore[no-untyped-def]
    def __init__(self, f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15):  # type: ignore[no-untyped-def]
        if self.__class__ is _kind:
            _sc(self, _twin)
            self.a0 = f0
            self.a1 = f1
            self.a2 = f2
            self.a3 = f3
            self.a4 = f4
            self.a5 = f5
            self.a6 = f6
            self.a7 = f7
            self.a8 = f8
            self.a9 = f9
            self.a10 = f10
            self.a11 = f11
            self.a12 = f12
            self.a13 = f13
            self.a14 = f14
            self.a15 = f15
            self.__class__ = _kind
        else:
            s0(self, f0)
            s1(self, f1)
            s2(self, f2)
            s3(self, f3)
            s4(self, f4)
            s5(self, f5)
            s6(self, f6)
            s7(self, f7)
            s8(self, f8)
            s9(self, f9)
            s10(self, f10)
            s11(self, f11)
            s12(self, f12)
            s13(self, f13)
            s14(self, f14)
            s15(self, f15)

    return __init__
