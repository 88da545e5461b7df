"""Check a YAML document against its JSON Schema and report located problems.

Like check-jsonschema we pick the most relevant error among alternatives (the
deepest one inside a ``oneOf``), and like strictyaml we say where it is: the
file, line and column of the offending value or key.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Iterable

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from railbook.paths import SCHEMA_DIR
from railbook.problems import Problems
from railbook.title.yaml_source import YamlDoc, format_pointer

SCHEMA_FILES = {
    "title.yaml": "title.schema.json",
    "trains.yaml": "trains.schema.json",
    "privates.yaml": "privates.schema.json",
    "corporations.yaml": "corporations.schema.json",
    "market.yaml": "market.schema.json",
    "map.yaml": "map.schema.json",
    "tiles.yaml": "tiles.schema.json",
}


@lru_cache(maxsize=None)
def _registry() -> Registry:
    resources = []
    for path in sorted(SCHEMA_DIR.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        res = Resource.from_contents(schema)
        resources.append((schema["$id"], res))
        resources.append((path.name, res))
    return Registry().with_resources(resources)


@lru_cache(maxsize=None)
def validator_for(schema_file: str) -> Draft202012Validator:
    schema = json.loads((SCHEMA_DIR / schema_file).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=_registry())


def _relevant(error: ValidationError) -> ValidationError:
    """Descend into oneOf/anyOf alternatives to the error that says most.

    Alternatives that fail only because the value has another shape (a type or
    const mismatch at the value itself) are discarded; if one alternative is
    left, its own best error is the one to show.
    """
    while error.context and error.validator != "propertyNames":
        by_alt: dict[Any, list[ValidationError]] = {}
        for e in error.context:
            alt = e.relative_schema_path[0] if e.relative_schema_path else None
            by_alt.setdefault(alt, []).append(e)
        plausible = {
            alt: errs for alt, errs in by_alt.items()
            if not any(e.validator in ("type", "const") and not e.relative_path for e in errs)
        }
        if not plausible:
            break
        if len(plausible) > 1:
            # several alternatives have the value's shape: the error deepest inside the value says most
            deepest = max((e for errs in plausible.values() for e in errs), key=lambda e: len(e.relative_path))
            if not deepest.relative_path:
                break
            error = deepest
            continue
        (errs,) = plausible.values()
        inner = best_match(errs, key=_relevance)
        if inner is None:
            break
        error = inner
    return error


def _relevance(error: ValidationError) -> tuple[int, int]:
    weak = error.validator in ("anyOf", "oneOf", "type", "const")
    return (-len(error.path), int(weak))


def _message(error: ValidationError) -> tuple[str, Any | None]:
    """A plain sentence for an error, and the key it is about (if any)."""
    v = error.validator
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if v == "additionalProperties" or v == "unevaluatedProperties":
        extra = _unexpected_keys(error)
        if extra:
            allowed = sorted(schema.get("properties", {}).keys())
            hint = f"; expected one of: {', '.join(allowed)}" if allowed and len(allowed) <= 24 else ""
            return (f"unknown key {extra[0]!r}{hint}", extra[0])
    if v == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return (f"missing required key {missing!r}", None)
    if v == "enum":
        opts = ", ".join(repr(o) for o in _values(error.validator_value))
        return (f"{_excerpt(error.instance)} is not one of {opts}", None)
    if v == "const":
        return (f"{_excerpt(error.instance)} must be {error.validator_value!r}", None)
    if v == "type":
        want = error.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        return (f"{_excerpt(error.instance)} is not of type {want}", None)
    if v == "pattern":
        form = schema.get("description") or error.validator_value
        if "propertyNames" in error.schema_path:
            return (f"key {_excerpt(error.instance)} does not have the expected form: {form}", error.instance)
        return (f"{_excerpt(error.instance)} does not have the expected form: {form}", None)
    if v == "propertyNames":
        inner = error.context[0] if error.context else None
        form = inner.schema.get("description") if inner is not None and isinstance(inner.schema, dict) else None
        return (f"key {_excerpt(error.instance)} is not allowed here" + (f": {form}" if form else ""), error.instance)
    if v in ("oneOf", "anyOf"):
        forms = [_describe(alt) for alt in _values(error.validator_value)]
        if all(forms):
            return (f"{_short(error.instance)} is not {' or '.join(dict.fromkeys(f for f in forms if f))}", None)
        return (f"{_short(error.instance)} does not match any allowed form", None)
    return (_excerpt(error.message, 200, quoted=False), None)


def _excerpt(value: Any, limit: int = 60, quoted: bool = True) -> str:
    """A value as an error shows it: a short excerpt, never a whole file's text (a title's file
    may hold anything, and a message must not print it back)."""
    text = repr(value) if quoted else str(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "text", "array": "a list",
               "object": "a mapping", "boolean": "true or false"}


def _describe(schema: Any) -> str | None:
    """A few words for a simple schema alternative, or None if it is not simple."""
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return repr(schema["const"])
    if "$ref" in schema:
        return "a number per player count" if str(schema["$ref"]).endswith("/by_players") else None
    t = schema.get("type")
    if isinstance(t, str) and t in _TYPE_WORDS:
        return _TYPE_WORDS[t]
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


def _values(value: Any) -> list[Any]:
    """A validator's list of values (an enum's options, oneOf's forms)."""
    return list(value) if isinstance(value, (list, tuple)) else []


def _unexpected_keys(error: ValidationError) -> list[Any]:
    inst = error.instance
    if not isinstance(inst, dict):
        return []
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    known = set(schema.get("properties", {}))
    patterns = schema.get("patternProperties", {})
    out = [k for k in inst if k not in known and not patterns]
    return out


#: the keys that say which form of a tagged union an object takes (its other keys depend on it)
KIND_KEYS = ("kind", "type")


def _naming_the_kind(data: Any, pointer: tuple[Any, ...], error: ValidationError, message: str) -> str:
    """The message with the kind of the object it is about, where that object is one form of a tagged union
    (``kind: starting_package``, an ability's ``type: teleport``): a key that does not apply to the kind,
    or a value the kind does not allow, is an error of that kind."""
    if not {"then", "oneOf"} & {str(part) for part in error.schema_path}:
        return message      # not inside one form of a union
    names_a_key = "propertyNames" in error.schema_path      # the form lists the keys it takes
    holder_at = pointer if names_a_key or error.validator in ("additionalProperties", "unevaluatedProperties") \
        else pointer[:-1]
    if holder_at != pointer and pointer and pointer[-1] in KIND_KEYS:
        return message      # the kind itself is wrong
    node: Any = data
    for step in holder_at:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return message
    if not isinstance(node, dict):
        return message
    for name in KIND_KEYS:
        if isinstance(node.get(name), str):
            if names_a_key:
                allowed = ", ".join(str(k) for k in _values(error.validator_value))
                return f"key {error.instance!r} does not apply to {name} {node[name]!r}; expected one of: {allowed}"
            if message.startswith("unknown key "):
                return message.replace("unknown key ", "key ", 1).replace(
                    ";", f" does not apply to {name} {node[name]!r};", 1) if ";" in message \
                    else message.replace("unknown key ", "key ", 1) + f" does not apply to {name} {node[name]!r}"
            return f"{message} (for {name} {node[name]!r})"
    return message


def check_document(doc: YamlDoc, schema_file: str, problems: Problems) -> None:
    """Validate ``doc`` against ``schema_file``; add one problem per distinct error."""
    validator = validator_for(schema_file)
    if doc.data is None:
        problems.add(doc.file, 1, 1, "", "the file is empty")
        return
    errors: Iterable[ValidationError] = validator.iter_errors(doc.data)
    for error in sorted(errors, key=lambda e: [str(p) for p in e.absolute_path]):
        err = _relevant(error)
        pointer = tuple(err.absolute_path)
        message, key = _message(err)
        message = _naming_the_kind(doc.data, pointer, err, message)
        if err.validator == "propertyNames" or "propertyNames" in err.schema_path:
            key = err.instance
        if key is not None:
            pointer = pointer + (key,)
            line, col = doc.where(pointer, key=True)
        else:
            line, col = doc.where(pointer)
        problems.add(doc.file, line, col, format_pointer(pointer), message)
