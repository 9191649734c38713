"""The generated Python functions written again as C, statement for statement.

The compiler writes a game's listings, appliers, `whenever` and `end` checks and effects as
Python (`compiler/source.py`, which verifies every tree). This module translates those same
trees into C functions on Python objects, through the C API: the same operations in the same
order, with Python's own semantics (a `+` is `PyNumber_Add`, a comparison
`PyObject_RichCompare`, an attribute `PyObject_GetAttr`), and a fast path where the objects'
types make the result certain (two floats added, a list indexed by an int). What the C code
saves is the interpreter's dispatch and frames; calls between translated functions are plain C
calls. A node kind it does not hold (comprehensions, say) makes that one function `Unsupported`:
it is then called as the Python function it is, from C.

Nothing of a rules file reaches the C source: bound values, constants and attribute names are
passed in at run time as one tuple (`values`) and named in C by their index; local names become
`v0`, `v1`, …; only the translator's own words and ints are written.
"""

from __future__ import annotations

import ast
from typing import Any


class Unsupported(Exception):
    """A generated function holds what the translator does not write as C."""


_BINARY = {ast.Add: "PyNumber_Add", ast.Sub: "PyNumber_Subtract", ast.Mult: "PyNumber_Multiply",
           ast.Div: "PyNumber_TrueDivide", ast.FloorDiv: "PyNumber_FloorDivide", ast.Mod: "PyNumber_Remainder",
           ast.BitAnd: "PyNumber_And", ast.BitOr: "PyNumber_Or", ast.BitXor: "PyNumber_Xor",
           ast.LShift: "PyNumber_Lshift", ast.RShift: "PyNumber_Rshift"}
_INPLACE = {ast.Add: "PyNumber_InPlaceAdd", ast.Sub: "PyNumber_InPlaceSubtract", ast.Mult: "PyNumber_InPlaceMultiply",
            ast.Div: "PyNumber_InPlaceTrueDivide", ast.FloorDiv: "PyNumber_InPlaceFloorDivide",
            ast.Mod: "PyNumber_InPlaceRemainder", ast.BitAnd: "PyNumber_InPlaceAnd", ast.BitOr: "PyNumber_InPlaceOr",
            ast.BitXor: "PyNumber_InPlaceXor", ast.LShift: "PyNumber_InPlaceLshift",
            ast.RShift: "PyNumber_InPlaceRshift"}
_FLOAT_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}  # exact on two floats, as Python computes them
_COMPARE = {ast.Eq: ("Py_EQ", "=="), ast.NotEq: ("Py_NE", "!="), ast.Lt: ("Py_LT", "<"), ast.LtE: ("Py_LE", "<="),
            ast.Gt: ("Py_GT", ">"), ast.GtE: ("Py_GE", ">=")}

# The C every translated module starts with: the helpers the translated statements call.
PRELUDE = r"""
/* helpers of the translated functions (compiler/native/translate.py) */
static PyObject *x_index(PyObject *o, PyObject *i) {  /* o[i], a list or tuple by an int at once */
    if (PyLong_CheckExact(i) && (PyList_CheckExact(o) || PyTuple_CheckExact(o))) {
        Py_ssize_t k = PyLong_AsSsize_t(i);
        if (k == -1 && PyErr_Occurred()) { PyErr_Clear(); return PyObject_GetItem(o, i); }
        Py_ssize_t n = Py_SIZE(o);
        if (k < 0) k += n;
        if (k < 0 || k >= n) {
            PyErr_SetString(PyExc_IndexError, PyList_CheckExact(o) ? "list index out of range" : "tuple index out of range");
            return NULL;
        }
        PyObject *r = PyList_CheckExact(o) ? PyList_GET_ITEM(o, k) : PyTuple_GET_ITEM(o, k);
        Py_INCREF(r);
        return r;
    }
    return PyObject_GetItem(o, i);
}

static int x_store_index(PyObject *o, PyObject *i, PyObject *v) {  /* o[i] = v */
    if (PyLong_CheckExact(i) && PyList_CheckExact(o)) {
        Py_ssize_t k = PyLong_AsSsize_t(i);
        if (!(k == -1 && PyErr_Occurred())) {
            Py_ssize_t n = PyList_GET_SIZE(o);
            if (k < 0) k += n;
            if (k < 0 || k >= n) { PyErr_SetString(PyExc_IndexError, "list assignment index out of range"); return -1; }
            Py_INCREF(v);
            Py_SETREF(PyList_GET_ITEM(o, k), v);
            return 0;
        }
        PyErr_Clear();
    }
    return PyObject_SetItem(o, i, v);
}

static PyObject *x_compare(PyObject *a, PyObject *b, int op) {  /* a <op> b as a value */
    if (PyFloat_CheckExact(a) && PyFloat_CheckExact(b)) {
        double x = PyFloat_AS_DOUBLE(a), y = PyFloat_AS_DOUBLE(b);
        int r = op == Py_EQ ? x == y : op == Py_NE ? x != y : op == Py_LT ? x < y : op == Py_LE ? x <= y : op == Py_GT ? x > y : x >= y;
        return Py_NewRef(r ? Py_True : Py_False);
    }
    return PyObject_RichCompare(a, b, op);
}

static int x_truth(PyObject *o) {  /* bool(o), o's reference given up */
    int r = o == Py_True ? 1 : o == Py_False || o == Py_None ? 0 : PyObject_IsTrue(o);
    Py_DECREF(o);
    return r;
}

/* o.name, and o.name = v: for an object of `plain` (a type on which the name is no data
   descriptor, checked by the translator) straight from its instance dict; else as Python does. */
static PyObject *x_attr(PyObject *o, PyObject *name, PyObject *plain) {
    if ((PyObject *)Py_TYPE(o) == plain) {
        PyObject **dict = _PyObject_GetDictPtr(o);
        if (dict != NULL && *dict != NULL) {
            PyObject *v = PyDict_GetItemWithError(*dict, name);
            if (v != NULL) return Py_NewRef(v);
            if (PyErr_Occurred()) return NULL;
        }
    }
    return PyObject_GetAttr(o, name);
}

static int x_set_attr(PyObject *o, PyObject *name, PyObject *plain, PyObject *v) {
    if ((PyObject *)Py_TYPE(o) == plain) {
        PyObject **dict = _PyObject_GetDictPtr(o);
        if (dict != NULL && *dict != NULL) return PyDict_SetItem(*dict, name, v);
    }
    return PyObject_SetAttr(o, name, v);
}

static PyObject *x_unbound(int which) {
    PyErr_Format(PyExc_UnboundLocalError, "a local variable of generated code (v%d) has no value", which);
    return NULL;
}
"""


class Function:
    """One translated function: its C name, its parameters and their defaults (indices into
    the values), and its C definition (None: called as the Python function it is)."""

    def __init__(self, index: int, value: Any, params: list[str], defaults: list[int]):
        self.index = index  # the value's own index (the Python function, for calls that go through it)
        self.value = value
        self.c_name = f"fn{index}"
        self.params = params
        self.defaults = defaults
        self.body: str | None = None


class Translator:
    """Every generated function reachable from some roots, translated into one C text."""

    def __init__(self, env: dict[str, Any], plain: type | None = None):
        self.env = env
        self.plain = plain  # a type whose instances' attributes are read from their dict (None: none)
        self.values: list[Any] = []  # what `values` holds, by index
        self._value_index: dict[tuple[str, int], int] = {}
        self.functions: dict[int, Function] = {}  # id of a Python function -> its translation
        self._queue: list[Function] = []
        self.labels = 0  # labels and argument arrays written so far (their names)

    # ---- values ----------------------------------------------------------------------------------
    def value(self, obj: Any, kind: str = "object") -> int:
        """The index of a value passed in at run time (constants shared by their type and value)."""
        key = (kind, id(obj)) if kind == "object" else (kind, (type(obj).__name__, repr(obj)))
        found = self._value_index.get(key)  # type: ignore[arg-type]
        if found is None:
            found = self._value_index[key] = len(self.values)  # type: ignore[index]
            self.values.append(obj)
        return found

    def name(self, attr: str) -> int:
        return self.value(attr, "name")

    def attr_args(self, attr: str) -> str:
        """The C arguments of `x_attr` / `x_set_attr` after the object: the name, and the type
        read through its dict (Py_None when the name is a data descriptor there)."""
        plain = self.plain
        if plain is not None and not _is_data_descriptor(plain, attr):
            return f"V[{self.name(attr)}], V[{self.value(plain)}]"
        return f"V[{self.name(attr)}], Py_None"

    # ---- functions -----------------------------------------------------------------------------
    def is_generated(self, obj: Any) -> bool:
        """A function the compiler wrote with this module's globals (`def` with a `.source`, or a
        `lambda st, p, mv:` with a `.code`)."""
        return (callable(obj) and getattr(obj, "__globals__", None) is self.env
                and (isinstance(getattr(obj, "source", None), str) or isinstance(getattr(obj, "code", None), str)))

    def function(self, obj: Any) -> Function:
        """The translation of a generated function (queued: `translate_all` writes it)."""
        known = self.functions.get(id(obj))
        if known is not None:
            return known
        index = self.value(obj)
        code = obj.__code__
        params = list(code.co_varnames[:code.co_argcount])
        defaults = [self.value(d, "constant") if _is_constant(d) else self.value(d) for d in (obj.__defaults__ or ())]
        made = self.functions[id(obj)] = Function(index, obj, params, defaults)
        self._queue.append(made)
        return made

    def translate_all(self) -> None:
        while self._queue:
            made = self._queue.pop(0)
            try:
                made.body = _Body(self, made).write()
            except Unsupported:
                made.body = None

    def source(self) -> str:
        """Forward declarations, then every function (translated, or a call of the Python one)."""
        decls = [f"static PyObject *{f.c_name}(PyObject *const *V, PyObject *const *a, Py_ssize_t n);"
                 for f in self.functions.values()]
        bodies = []
        for f in self.functions.values():
            if f.body is not None:
                bodies.append(f.body)
            else:
                bodies.append(f"static PyObject *{f.c_name}(PyObject *const *V, PyObject *const *a, Py_ssize_t n) {{\n"
                              f"    return PyObject_Vectorcall(V[{f.index}], a, n, NULL);\n}}\n")
        return "\n".join([PRELUDE, *decls, "", *bodies])


def _is_data_descriptor(kind: type, attr: str) -> bool:
    for klass in kind.__mro__:
        if attr in klass.__dict__:
            found = type(klass.__dict__[attr])
            return hasattr(found, "__set__") or hasattr(found, "__delete__")
    return False


def _is_constant(value: Any) -> bool:
    return value is None or type(value) in (bool, int, float, str)


class _Body:
    """The C text of one function."""

    def __init__(self, tr: Translator, fn: Function):
        self.tr = tr
        self.fn = fn
        self.locals: dict[str, int] = {}
        self.temps = 0
        self.lines: list[str] = []
        self.depth = 1
        self.loops = 0

    def write(self) -> str:
        obj = self.fn.value
        if isinstance(getattr(obj, "source", None), str):
            tree = ast.parse(obj.source)
            node = tree.body[0]
            if not isinstance(node, ast.FunctionDef):
                raise Unsupported("not a function")
            args, body = node.args, node.body
        else:
            tree = ast.parse(f"lambda st, p, mv: {obj.code}", mode="eval")
            node = tree.body
            assert isinstance(node, ast.Lambda)
            args, body = node.args, [ast.Return(node.body)]
        names = [a.arg for a in args.args]
        if names != self.fn.params or args.vararg or args.kwarg or args.kwonlyargs:
            raise Unsupported("parameters")
        for name in names:
            self.local(name)
        for found in ast.walk(node):  # every name the function stores is local throughout, as in Python
            if isinstance(found, ast.Name) and isinstance(found.ctx, ast.Store):
                self.local(found.id)
            elif isinstance(found, ast.NamedExpr):
                self.local(found.target.id)
        count = len(names)
        first = count - len(self.fn.defaults)
        self.emit(f"if (n > {count} || n < {first}) {{ PyErr_SetString(PyExc_TypeError, \"wrong number of arguments\"); return NULL; }}")
        for i, name in enumerate(names):
            slot = self.locals[name]
            if i < first:
                self.emit(f"v{slot} = Py_NewRef(a[{i}]);")
            else:
                self.emit(f"v{slot} = Py_NewRef(n > {i} ? a[{i}] : V[{self.fn.defaults[i - first]}]);")
        for statement in body:
            self.statement(statement)
        self.emit("ret = Py_NewRef(Py_None);")
        self.emit("goto done;")
        head = [f"static PyObject *{self.fn.c_name}(PyObject *const *V, PyObject *const *a, Py_ssize_t n) {{",
                "    PyObject *ret = NULL;"]
        if self.locals:
            head.append("    PyObject " + ", ".join(f"*v{i} = NULL" for i in self.locals.values()) + ";")
        if self.temps:
            head.append("    PyObject " + ", ".join(f"*t{i} = NULL" for i in range(self.temps)) + ";")
        cleanup = [f"    Py_XDECREF(v{i});" for i in self.locals.values()]
        cleanup += [f"    Py_XDECREF(t{i});" for i in range(self.temps)]
        return "\n".join([*head, *self.lines, "fail:", "    ret = NULL;", "done:", *cleanup, "    return ret;", "}", ""])

    # ---- helpers ---------------------------------------------------------------------------------
    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    def local(self, name: str) -> int:
        if name not in self.locals:
            self.locals[name] = len(self.locals)
        return self.locals[name]

    def temp(self) -> str:
        self.temps += 1
        return f"t{self.temps - 1}"

    def new(self, code: str) -> str:
        """A temp holding the new reference `code` gives (NULL: failed)."""
        t = self.temp()
        self.emit(f"{t} = {code}; if ({t} == NULL) goto fail;")
        return t

    def done(self, *temps: str) -> None:
        for t in temps:
            self.emit(f"Py_CLEAR({t});")

    # ---- expressions: each gives a temp holding a new reference --------------------------------
    def expr(self, node: ast.expr) -> str:
        if isinstance(node, ast.Constant):
            if not _is_constant(node.value):
                raise Unsupported("constant")
            return self.new(f"Py_NewRef(V[{self.tr.value(node.value, 'constant')}])")
        if isinstance(node, ast.Name):
            if node.id in self.locals:
                slot = self.locals[node.id]
                return self.new(f"v{slot} != NULL ? Py_NewRef(v{slot}) : x_unbound({slot})")
            return self.new(f"Py_NewRef(V[{self.global_value(node.id)}])")
        if isinstance(node, ast.Attribute):
            obj = self.expr(node.value)
            t = self.new(f"x_attr({obj}, {self.tr.attr_args(node.attr)})")
            self.done(obj)
            return t
        if isinstance(node, ast.Subscript):
            if isinstance(node.slice, ast.Slice):
                raise Unsupported("slice")
            obj, key = self.expr(node.value), self.expr(node.slice)
            t = self.new(f"x_index({obj}, {key})")
            self.done(obj, key)
            return t
        if isinstance(node, ast.BinOp):
            left, right = self.expr(node.left), self.expr(node.right)
            op = type(node.op)
            if op not in _BINARY:
                raise Unsupported("operator")
            generic = f"{_BINARY[op]}({left}, {right})"
            if op in _FLOAT_OPS:
                code = (f"PyFloat_CheckExact({left}) && PyFloat_CheckExact({right}) ? PyFloat_FromDouble("
                        f"PyFloat_AS_DOUBLE({left}) {_FLOAT_OPS[op]} PyFloat_AS_DOUBLE({right})) : {generic}")
            else:
                code = generic
            t = self.new(code)
            self.done(left, right)
            return t
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.Not):
                c = self.condition(node.operand)
                return self.new(f"Py_NewRef({c} ? Py_False : Py_True)")
            operand = self.expr(node.operand)
            func = {ast.USub: "PyNumber_Negative", ast.UAdd: "PyNumber_Positive", ast.Invert: "PyNumber_Invert"}[type(node.op)]
            t = self.new(f"{func}({operand})")
            self.done(operand)
            return t
        if isinstance(node, ast.Compare):
            if len(node.ops) == 1:
                return self.compare_value(node.left, node.ops[0], node.comparators[0])
            c = self.condition(node)
            return self.new(f"Py_NewRef({c} ? Py_True : Py_False)")
        if isinstance(node, ast.BoolOp):  # the value that decides, as Python gives it
            result = self.temp()
            label = self.label()
            for i, value in enumerate(node.values):
                t = self.expr(value)
                self.emit(f"Py_XSETREF({result}, {t}); {t} = NULL;")
                if i < len(node.values) - 1:
                    truth = self.cint()
                    self.emit(f"{truth} = PyObject_IsTrue({result}); if ({truth} < 0) goto fail;")
                    self.emit(f"if ({'' if isinstance(node.op, ast.Or) else '!'}{truth}) goto {label};")
            self.emit(f"{label}:;")
            return result
        if isinstance(node, ast.IfExp):
            result = self.temp()
            c = self.condition(node.test)
            self.emit(f"if ({c}) {{")
            self.depth += 1
            t = self.expr(node.body)
            self.emit(f"{result} = {t}; {t} = NULL;")
            self.depth -= 1
            self.emit("} else {")
            self.depth += 1
            t = self.expr(node.orelse)
            self.emit(f"{result} = {t}; {t} = NULL;")
            self.depth -= 1
            self.emit("}")
            return result
        if isinstance(node, ast.NamedExpr):
            t = self.expr(node.value)
            slot = self.local(node.target.id)
            self.emit(f"Py_XSETREF(v{slot}, Py_NewRef({t}));")
            return t
        if isinstance(node, (ast.Tuple, ast.List)):
            if any(isinstance(e, ast.Starred) for e in node.elts):
                raise Unsupported("starred")
            items = [self.expr(e) for e in node.elts]
            maker = "PyTuple_New" if isinstance(node, ast.Tuple) else "PyList_New"
            setter = "PyTuple_SET_ITEM" if isinstance(node, ast.Tuple) else "PyList_SET_ITEM"
            t = self.new(f"{maker}({len(items)})")
            for i, item in enumerate(items):
                self.emit(f"{setter}({t}, {i}, {item}); {item} = NULL;")
            return t
        if isinstance(node, ast.Call):
            return self.call(node)
        raise Unsupported(type(node).__name__)

    def label(self) -> str:
        self.tr.labels += 1
        return f"L{self.tr.labels}"

    def cint(self) -> str:
        """A fresh C int variable (declared where it is first set, in its own block scope)."""
        self.temps_int = getattr(self, "temps_int", 0) + 1
        name = f"c{self.temps_int}"
        self.emit(f"int {name};")
        return name

    def global_value(self, name: str) -> int:
        if name in self.tr.env:
            return self.tr.value(self.tr.env[name])
        builtin = self.tr.env.get("__builtins__", {})
        if isinstance(builtin, dict) and name in builtin:
            return self.tr.value(builtin[name])
        raise Unsupported(f"unknown name {name}")

    def compare_value(self, left: ast.expr, op: ast.cmpop, right: ast.expr) -> str:
        a, b = self.expr(left), self.expr(right)
        if type(op) in _COMPARE:
            t = self.new(f"x_compare({a}, {b}, {_COMPARE[type(op)][0]})")
        elif isinstance(op, (ast.Is, ast.IsNot)):
            same = "==" if isinstance(op, ast.Is) else "!="
            t = self.new(f"Py_NewRef({a} {same} {b} ? Py_True : Py_False)")
        elif isinstance(op, (ast.In, ast.NotIn)):
            c = self.cint()
            self.emit(f"{c} = PySequence_Contains({b}, {a}); if ({c} < 0) goto fail;")
            hit = c if isinstance(op, ast.In) else f"!{c}"
            t = self.new(f"Py_NewRef({hit} ? Py_True : Py_False)")
        else:
            raise Unsupported("comparison")
        self.done(a, b)
        return t

    # ---- conditions: each gives a C int set to 0 or 1 -------------------------------------------
    def condition(self, node: ast.expr) -> str:
        if isinstance(node, ast.BoolOp):
            result = self.cint()
            label = self.label()
            is_or = isinstance(node.op, ast.Or)
            for i, value in enumerate(node.values):
                c = self.condition(value)
                self.emit(f"{result} = {c};")
                if i < len(node.values) - 1:
                    self.emit(f"if ({'' if is_or else '!'}{result}) goto {label};")
            self.emit(f"{label}:;")
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            c = self.condition(node.operand)
            result = self.cint()
            self.emit(f"{result} = !{c};")
            return result
        if isinstance(node, ast.Compare) and len(node.ops) > 1:  # a < b < c: each operand once, in order
            result = self.cint()
            label = self.label()
            left = self.expr(node.left)
            for op, right_node in zip(node.ops, node.comparators):
                right = self.expr(right_node)
                pair = self.compare_temps(left, op, right)
                self.emit(f"{result} = x_truth({pair}); {pair} = NULL; if ({result} < 0) goto fail;")
                self.done(left)
                left = right
                self.emit(f"if (!{result}) goto {label};")
            self.emit(f"{label}:;")
            self.done(left)
            return result
        if isinstance(node, ast.Compare) and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            a, b = self.expr(node.left), self.expr(node.comparators[0])
            result = self.cint()
            self.emit(f"{result} = {a} {'==' if isinstance(node.ops[0], ast.Is) else '!='} {b};")
            self.done(a, b)
            return result
        t = self.expr(node)
        result = self.cint()
        self.emit(f"{result} = x_truth({t}); {t} = NULL; if ({result} < 0) goto fail;")
        return result

    def compare_temps(self, a: str, op: ast.cmpop, b: str) -> str:
        if type(op) in _COMPARE:
            return self.new(f"x_compare({a}, {b}, {_COMPARE[type(op)][0]})")
        if isinstance(op, (ast.Is, ast.IsNot)):
            return self.new(f"Py_NewRef(({a} == {b}) == {int(isinstance(op, ast.Is))} ? Py_True : Py_False)")
        if isinstance(op, (ast.In, ast.NotIn)):
            c = self.cint()
            self.emit(f"{c} = PySequence_Contains({b}, {a}); if ({c} < 0) goto fail;")
            return self.new(f"Py_NewRef({c if isinstance(op, ast.In) else '!' + c} ? Py_True : Py_False)")
        raise Unsupported("comparison")

    # ---- calls -----------------------------------------------------------------------------------
    def call(self, node: ast.Call) -> str:
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            raise Unsupported("keywords")
        func = node.func
        if isinstance(func, ast.Name) and func.id not in self.locals and func.id not in self.tr.env:
            if func.id == "len" and len(node.args) == 1:
                x = self.expr(node.args[0])
                size = self.temp()
                self.emit(f"{{ Py_ssize_t s = PyObject_Length({x}); if (s < 0) goto fail; {size} = PyLong_FromSsize_t(s); }}")
                self.emit(f"if ({size} == NULL) goto fail;")
                self.done(x)
                return size
            if func.id == "isinstance" and len(node.args) == 2:
                x, kind = self.expr(node.args[0]), self.expr(node.args[1])
                c = self.cint()
                self.emit(f"{c} = PyObject_IsInstance({x}, {kind}); if ({c} < 0) goto fail;")
                self.done(x, kind)
                return self.new(f"Py_NewRef({c} ? Py_True : Py_False)")
        if isinstance(func, ast.Name) and func.id in self.tr.env and self.tr.is_generated(self.tr.env[func.id]):
            target = self.tr.function(self.tr.env[func.id])
            args = [self.expr(a) for a in node.args]
            array = self.args_array(args)
            t = self.new(f"{target.c_name}(V, {array}, {len(args)})")  # (a plain C call: no offset)
            self.done(*args)
            return t
        if isinstance(func, ast.Attribute):  # a method: called without making the bound method
            obj = self.expr(func.value)
            args = [obj, *(self.expr(a) for a in node.args)]
            array = self.args_array(args)
            t = self.new(f"PyObject_VectorcallMethod(V[{self.tr.name(func.attr)}], {array}, "
                         f"{len(args)} | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL)")
            self.done(*args)
            return t
        callee = self.expr(func)
        args = [self.expr(a) for a in node.args]
        array = self.args_array(args)
        t = self.new(f"PyObject_Vectorcall({callee}, {array}, {len(args)} | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL)")
        self.done(callee, *args)
        return t

    def args_array(self, args: list[str]) -> str:
        """An array of the arguments with a free slot before them: calls made with
        PY_VECTORCALL_ARGUMENTS_OFFSET may use it (a bound method puts its object there)."""
        name = self.label().lower()
        self.emit(f"PyObject *{name}[{len(args) + 1}] = {{{', '.join(['NULL', *args])}}};")
        return f"{name} + 1"

    # ---- statements ------------------------------------------------------------------------------
    def block(self, statements: list[ast.stmt]) -> None:
        self.depth += 1
        self.emit("{")  # its own scope: the C ints declared in it
        for s in statements:
            self.statement(s)
        self.emit("}")
        self.depth -= 1

    def statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.Assign):
            if len(node.targets) != 1:
                raise Unsupported("assignments")
            value = self.expr(node.value)
            self.store(node.targets[0], value)
        elif isinstance(node, ast.AugAssign):
            op = type(node.op)
            if op not in _INPLACE:
                raise Unsupported("operator")
            target = node.target
            if isinstance(target, ast.Name):
                current = self.expr(target)
                value = self.expr(node.value)
                t = self.new(f"{_INPLACE[op]}({current}, {value})")
                self.done(current, value)
                self.store(target, t)
            elif isinstance(target, ast.Attribute):
                obj = self.expr(target.value)
                name = self.tr.attr_args(target.attr)
                current = self.new(f"x_attr({obj}, {name})")
                value = self.expr(node.value)
                t = self.new(self.inplace(op, current, value))
                self.emit(f"if (x_set_attr({obj}, {name}, {t}) < 0) goto fail;")
                self.done(obj, current, value, t)
            elif isinstance(target, ast.Subscript) and not isinstance(target.slice, ast.Slice):
                obj, key = self.expr(target.value), self.expr(target.slice)
                current = self.new(f"x_index({obj}, {key})")
                value = self.expr(node.value)
                t = self.new(self.inplace(op, current, value))
                self.emit(f"if (x_store_index({obj}, {key}, {t}) < 0) goto fail;")
                self.done(obj, key, current, value, t)
            else:
                raise Unsupported("target")
        elif isinstance(node, ast.Expr):
            t = self.expr(node.value)
            self.done(t)
        elif isinstance(node, ast.Return):
            if node.value is None:
                self.emit("ret = Py_NewRef(Py_None); goto done;")
            else:
                t = self.expr(node.value)
                self.emit(f"ret = {t}; {t} = NULL; goto done;")
        elif isinstance(node, ast.If):
            c = self.condition(node.test)
            self.emit(f"if ({c})")
            self.block(node.body)
            if node.orelse:
                self.emit("else")
                self.block(node.orelse)
        elif isinstance(node, ast.While):
            if node.orelse:
                raise Unsupported("while else")
            self.emit("for (;;) {")
            self.depth += 1
            c = self.condition(node.test)
            self.emit(f"if (!{c}) break;")
            self.block(node.body)
            self.depth -= 1
            self.emit("}")
        elif isinstance(node, ast.For):
            self.loop(node)
        elif isinstance(node, ast.Pass):
            pass
        elif isinstance(node, ast.Break):
            self.emit("break;")
        elif isinstance(node, ast.Continue):
            self.emit("continue;")
        else:
            raise Unsupported(type(node).__name__)

    def inplace(self, op: type, current: str, value: str) -> str:
        generic = f"{_INPLACE[op]}({current}, {value})"
        if op in _FLOAT_OPS:
            return (f"PyFloat_CheckExact({current}) && PyFloat_CheckExact({value}) ? PyFloat_FromDouble("
                    f"PyFloat_AS_DOUBLE({current}) {_FLOAT_OPS[op]} PyFloat_AS_DOUBLE({value})) : {generic}")
        if op is ast.Add:  # small ints counted up (moves in a turn, turns): exact, no overflow
            return (f"PyLong_CheckExact({current}) && PyLong_CheckExact({value}) && Py_SIZE({current}) >= 0 && "
                    f"Py_SIZE({current}) <= 1 && Py_SIZE({value}) >= 0 && Py_SIZE({value}) <= 1 ? PyLong_FromLong("
                    f"PyLong_AsLong({current}) + PyLong_AsLong({value})) : {generic}")
        return generic

    def store(self, target: ast.expr, value: str) -> None:
        """Store the temp `value` (its reference taken) into the target."""
        if isinstance(target, ast.Name):
            slot = self.local(target.id)
            self.emit(f"Py_XSETREF(v{slot}, {value}); {value} = NULL;")
        elif isinstance(target, ast.Attribute):
            obj = self.expr(target.value)
            self.emit(f"if (x_set_attr({obj}, {self.tr.attr_args(target.attr)}, {value}) < 0) goto fail;")
            self.done(obj, value)
        elif isinstance(target, ast.Subscript) and not isinstance(target.slice, ast.Slice):
            obj, key = self.expr(target.value), self.expr(target.slice)
            self.emit(f"if (x_store_index({obj}, {key}, {value}) < 0) goto fail;")
            self.done(obj, key, value)
        else:
            raise Unsupported("target")

    def loop(self, node: ast.For) -> None:
        if node.orelse or not isinstance(node.target, ast.Name):
            raise Unsupported("for")
        slot = self.local(node.target.id)
        it = node.iter
        if (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == "range"
                and it.func.id not in self.tr.env and it.func.id not in self.locals and 1 <= len(it.args) <= 2
                and not it.keywords):
            bounds = [self.expr(a) for a in it.args]
            low, high = (None, bounds[0]) if len(bounds) == 1 else bounds
            self.emit("{")
            self.depth += 1
            self.emit(f"Py_ssize_t lo = {'0' if low is None else f'PyLong_AsSsize_t({low})'}, hi = PyLong_AsSsize_t({high});")
            self.emit("if ((lo == -1 || hi == -1) && PyErr_Occurred()) goto fail;")
            self.done(*bounds)
            self.emit("for (Py_ssize_t k = lo; k < hi; k++) {")
            self.depth += 1
            self.emit(f"Py_XSETREF(v{slot}, PyLong_FromSsize_t(k)); if (v{slot} == NULL) goto fail;")
            self.block(node.body)
            self.depth -= 1
            self.emit("}")
            self.depth -= 1
            self.emit("}")
            return
        seq = self.expr(it)
        iterator = self.new(f"PyObject_GetIter({seq})")
        self.done(seq)
        self.emit("for (;;) {")
        self.depth += 1
        item = self.temp()
        self.emit(f"{item} = PyIter_Next({iterator});")
        self.emit(f"if ({item} == NULL) {{ if (PyErr_Occurred()) goto fail; break; }}")
        self.emit(f"Py_XSETREF(v{slot}, {item}); {item} = NULL;")
        self.block(node.body)
        self.depth -= 1
        self.emit("}")
        self.done(iterator)

