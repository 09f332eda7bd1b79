"""Fixed-shape observation tensors for learning, written from ``observation(seat)``.

A game declares a :class:`TensorLayout` per player count (named fields, each with its
shape, laid end to end in one flat float32 vector) and a function that fills the
fields from a seat's observation. The observation is the one choke point for hidden
information, so a tensor can hold nothing the seat may not know, and the leak tests
of observations cover tensors too.

Seats are written relative to the observer (the observer first, then the seats after
it in turn order), so one policy serves every seat.

>>> layout = TensorLayout((Field("phase", (3,)), Field("coins", (2,))))
>>> out = TensorWriter(layout)
>>> out.one_hot("phase", "move", ("deal", "move", "end"))
>>> out.put("coins", [4, 1])
>>> out.array.tolist(), layout.shape
([0.0, 1.0, 0.0, 4.0, 1.0], (5,))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One named part of an observation tensor."""

    name: str
    shape: tuple[int, ...]
    doc: str = ""

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@dataclass(frozen=True)
class TensorLayout:
    """Named fields laid end to end: the tensor is one flat vector of ``size`` floats."""

    fields: tuple[Field, ...]

    def __post_init__(self) -> None:
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a tensor layout names a field twice: {names}")

    @cached_property
    def offsets(self) -> dict[str, tuple[int, int, tuple[int, ...]]]:
        """Each field's (start, stop, shape) in the flat vector."""
        out: dict[str, tuple[int, int, tuple[int, ...]]] = {}
        start = 0
        for f in self.fields:
            out[f.name] = (start, start + f.size, f.shape)
            start += f.size
        return out

    @property
    def size(self) -> int:
        return sum(f.size for f in self.fields)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def view(self, tensor: Tensor, name: str) -> Tensor:
        """The field ``name`` of a tensor of this layout, in its own shape."""
        try:
            start, stop, shape = self.offsets[name]
        except KeyError:
            raise KeyError(f"no field {name!r}; fields are {list(self.offsets)}") from None
        return tensor[start:stop].reshape(shape)

    def describe(self) -> list[dict[str, Any]]:
        """The layout as JSON-ready rows (name, shape, offset, doc), for documentation."""
        return [
            {
                "name": f.name,
                "shape": list(f.shape),
                "offset": self.offsets[f.name][0],
                "doc": f.doc,
            }
            for f in self.fields
        ]


class TensorWriter:
    """A zeroed tensor of a layout, filled field by field."""

    __slots__ = ("array", "layout")

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.array: Tensor = np.zeros(layout.size, dtype=np.float32)

    def field(self, name: str) -> Tensor:
        return self.layout.view(self.array, name)

    def put(self, name: str, values: Any, index: tuple[int, ...] = ()) -> None:
        """Write numbers (bools count 0/1; ``None`` stays 0) at ``index`` of a field."""
        view = self.field(name)
        if isinstance(values, list | tuple):
            values = [0.0 if v is None else float(v) for v in values]
        elif values is None:
            return
        view[index] = values

    def one_hot(
        self, name: str, value: Any, choices: Sequence[Any], index: tuple[int, ...] = ()
    ) -> None:
        """Set the flag of ``value`` among ``choices`` at ``index``; ``None`` sets none."""
        if value is None:
            return
        try:
            at = choices.index(value)
        except ValueError:
            raise ValueError(f"field {name!r}: {value!r} is none of {list(choices)}") from None
        self.field(name)[(*index, at)] = 1.0


def relative(seat: int, observer: int, num_players: int) -> int:
    """Where ``seat`` sits counted from the observer (the observer is 0)."""
    return (seat - observer) % num_players


class ObservationTensor(Protocol):
    """What a game's ``tensor`` module provides (``games/<id>/tensor.py``)."""

    def layout(self, num_players: int, options: Any) -> TensorLayout: ...

    def write(self, observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None: ...


@dataclass(frozen=True)
class TensorModule:
    """An :class:`ObservationTensor` made of a game module's two functions."""

    layout_of: Callable[[int, Any], TensorLayout]
    writer: Callable[[Mapping[str, Any], int, TensorWriter], None]

    def layout(self, num_players: int, options: Any) -> TensorLayout:
        return self.layout_of(num_players, options)

    def write(self, observation: Mapping[str, Any], seat: int, out: TensorWriter) -> None:
        self.writer(observation, seat, out)
