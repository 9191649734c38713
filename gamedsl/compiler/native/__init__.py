"""The native path: combination listings compiled to C, used when a C compiler is available.

`attach(finder)` gives a `PlayFinder` C versions of its `leads` and `answer` functions (the same
plays in the same order as the generated Python, which stays as `python_leads` and
`python_answer`); card moves are listed by the fixed `Lister` type of `card_moves.py` where it
holds them (`compiler/card_moves.py` writes its calls). `State.playout` runs over a C state where a
game's generated functions translate (`state_playout.py`: `translate.py` reads them, and
`state_runtime.py` holds the state), else in the fixed C loop of `playout.py`.
`GAMEDSL_NATIVE=0` keeps the Python path; `GAMEDSL_NATIVE=1` requires the native one (a failed
build is then an error, for tests); unset or anything else: native when the compiler builds it,
silently Python otherwise.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .build import BuildError, load, module_name
from .emit import Emitter, Unsupported, entries

if TYPE_CHECKING:
    from ..combinations import PlayFinder

__all__ = ["BuildError", "attach", "mode"]


def mode() -> str:
    """`off`, `required` or `auto`, from `GAMEDSL_NATIVE`."""
    value = os.environ.get("GAMEDSL_NATIVE", "").strip().lower()
    if value in ("0", "off", "no", "false"):
        return "off"
    if value in ("1", "on", "yes", "true", "required"):
        return "required"
    return "auto"


def attach(finder: PlayFinder) -> bool:
    """Switch `finder` to its native listings when they can be built; whether it was."""
    wanted = mode()
    if wanted == "off":
        return False
    emitter = Emitter(finder, "gamedsl_native")
    try:
        name = module_name(emitter.source())
    except Unsupported:
        return False  # not a failure of the machine: this set is listed in Python wherever it runs
    try:
        source = Emitter(finder, name).source()
        module = load(name, source)
        native = module.Finder(entries(finder, emitter.segments))
    except BuildError:
        if wanted == "required":
            raise
        return False
    finder.leads = native.leads
    finder.answer = [getattr(native, f"answer_{kind.index}") for kind in finder.set.kinds]
    finder.native = native
    finder.native_source = source
    return True
