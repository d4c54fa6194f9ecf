"""What making a frozen, slotted dataclass costs: the standard decorator against model/frozen.py.

    python bench/frozen_classes.py     # three runs of 200 classes each, CPU time per class

Each class has four fields (two with defaults, one not compared), as the model's nodes do.
"""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from checklist.model.frozen import dataclass as fast  # noqa: E402


def per_class(decorate: Callable[..., Any], count: int) -> float:
    """CPU milliseconds to make one class with `decorate`."""
    began = time.process_time()
    for _ in range(count):
        namespace = {
            "__annotations__": {"a": "int", "b": "str", "c": "tuple[int, ...]", "span": "int"},
            "c": (),
            "span": dataclasses.field(default=0, compare=False),
        }
        decorate(type("Node", (), namespace), frozen=True, slots=True)
    return (time.process_time() - began) / count * 1000


def main() -> None:
    for _ in range(3):
        standard, ours = per_class(dataclasses.dataclass, 200), per_class(fast, 200)
        print(f"standard {standard:.3f} ms/class, model/frozen.py {ours:.3f} ms/class")


if __name__ == "__main__":
    main()
