"""YAML documents that others wrote (saves, positions): read as plain data, within limits.

A save or a position may come from anyone, so reading one must neither run code nor take
unbounded time or memory: the file is read no further than a size limit, the document is
refused if it uses aliases (a kilobyte of them can stand for gigabytes of data), nests deeper
than any position or save needs, or holds a number too long to be a number of a game; and
every problem the YAML library finds is reported as a `DocumentError` saying what and where,
never as the library's own exception.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

MAX_DEPTH = 16  # a save or position nests three or four levels deep
MAX_DIGITS = 30  # more digits than any seed, count or score a game needs

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C loader where it is installed
_OPENING = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSING = (yaml.MappingEndEvent, yaml.SequenceEndEvent)


class DocumentError(ValueError):
    """A document that is not plain YAML data within the limits. The message completes
    "the position is ...": `not valid YAML: ...`, `larger than 1 MB, ...`."""


class _DataLoader(_Loader):  # type: ignore[misc, valid-type]
    """The safe loader, whose scalars fail with a YAML error naming the place, not a ValueError."""


def _checked(kind: str, construct: Any) -> Any:
    def construct_checked(loader: SafeConstructor, node: yaml.ScalarNode) -> Any:
        try:
            value = construct(loader, node)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError):
            raise ConstructorError(None, None, f"{str(node.value)[:40]!r} is not {kind}", node.start_mark) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise ConstructorError(None, None, f"{str(node.value)[:40]!r} is not a finite number", node.start_mark)
        return value

    return construct_checked


def _whole_number(loader: SafeConstructor, node: yaml.ScalarNode) -> int:
    digits = sum(c.isalnum() for c in str(node.value))
    if digits > MAX_DIGITS:
        raise ConstructorError(None, None, f"a number of {digits} digits (at most {MAX_DIGITS})", node.start_mark)
    return SafeConstructor.construct_yaml_int(loader, node)


for _tag, _kind, _construct in (("int", "a whole number", _whole_number),
                                ("float", "a number", SafeConstructor.construct_yaml_float),
                                ("bool", "true or false", SafeConstructor.construct_yaml_bool),
                                ("timestamp", "a date", SafeConstructor.construct_yaml_timestamp)):
    _DataLoader.add_constructor(f"tag:yaml.org,2002:{_tag}", _checked(_kind, _construct))


def read_document(path: str | Path, limit: int) -> str:
    """The text of the file, read no further than `limit` bytes (a device or a pipe that never
    ends is not read forever). OSError when it cannot be read."""
    with open(path, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise DocumentError(f"larger than {_size(limit)}, the most it may be")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise DocumentError(f"not UTF-8 text (byte {err.start + 1})") from None


def parse_document(text: str, limit: int, most_values: int) -> Any:
    """The data of one YAML document: mappings, lists, strings, numbers, true/false, null; at
    most `limit` characters and `most_values` values (building each costs time)."""
    if len(text) > limit:
        raise DocumentError(f"larger than {_size(limit)}, the most it may be")
    try:
        _check_events(text, most_values)
        return yaml.load(text, Loader=_DataLoader)
    except yaml.MarkedYAMLError as err:
        raise DocumentError(_describe(err)) from None
    except yaml.YAMLError as err:
        raise DocumentError(f"not valid YAML: {str(err).splitlines()[0] if str(err) else type(err).__name__}") from None


def _check_events(text: str, most_values: int) -> None:
    """Refuse aliases, deep nesting and too many values before anything is built (stopping at
    the first event too many, so that even a megabyte of brackets costs nothing)."""
    depth = values = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            raise DocumentError(f"not plain data: it uses a YAML alias (*{str(event.anchor)[:40]}) at "
                                f"{_where(event.start_mark)}; write the value out instead")
        if isinstance(event, yaml.ScalarEvent):
            values += 1
            if values > most_values:
                raise DocumentError(f"too large: more than {most_values:,} values (cards, names, numbers)")
        elif isinstance(event, _OPENING):
            depth += 1
            if depth > MAX_DEPTH:
                raise DocumentError(f"not plain data: it nests lists and mappings more than {MAX_DEPTH} deep "
                                    f"(at {_where(event.start_mark)})")
        elif isinstance(event, _CLOSING):
            depth -= 1


def _describe(err: yaml.MarkedYAMLError) -> str:
    mark = err.problem_mark or err.context_mark
    problem = ", ".join(part for part in (err.context, err.problem) if part) or "a YAML error"
    return f"not valid YAML: {problem}" + (f" at {_where(mark)}" if mark else "")


def _where(mark: Any) -> str:
    return f"line {mark.line + 1}, column {mark.column + 1}"


def _size(limit: int) -> str:
    for unit, size in (("MB", 1_000_000), ("KB", 1_000)):
        if limit >= size:
            return f"{limit / size:g} {unit}"
    return f"{limit} bytes"
