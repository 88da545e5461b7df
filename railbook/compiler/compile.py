"""Compile a title folder into one importable Python module.

The module holds the title's tables (frozen: tuples and dicts) and its rule
hooks as functions. The same sources always give the same bytes.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from railbook.compiler.fingerprint import compiler_digest
from railbook.compiler.pylit import pylit
from railbook.dsl import CompiledHooks, compile_hooks
from railbook.dsl.checker import Names
from railbook.errors import TitleError
from railbook.problems import Problems
from railbook.title import typed
from railbook.title.loader import TitleSource, load_source
from railbook.title.normalize import BUILTIN_EVENTS, build_model
from railbook.title.sources import source_hash
from railbook.version import __version__

_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("railbook.compiler", "templates"),
    autoescape=False,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)
_ENV.filters["pylit"] = pylit


@dataclass
class CompiledTitle:
    title_id: str
    source: str          # the module's Python source
    model: dict[str, Any]
    hooks: CompiledHooks
    source_hash: str


def hook_names(model: dict[str, Any]) -> Names:
    events = {e for t in model["trains"] for e in t["events"]} | {e for p in model["phases"] for e in p["events"]}
    for c in model["corporations"]:
        avail = c.get("available")
        if isinstance(avail, dict) and "event" in avail:
            events.add(avail["event"])
    return Names(
        hexes=set(model["map"]["hexes"]),
        corporations={c["sym"] for c in model["corporations"]} | {m["sym"] for m in model["minors"]},
        privates={p["sym"] for p in model["privates"]},
        trains={t["name"] for t in model["trains"]},
        phases={p["name"] for p in model["phases"]},
        events=events,
        options={o["id"] for o in model["title"]["optional_rules"]},
    )


def check_title(folder: Path) -> tuple[TitleSource, dict[str, Any] | None, CompiledHooks]:
    """Load, check and normalize; every problem ends up in ``src.problems``."""
    src = load_source(folder)
    if src.problems and not src.docs:
        return src, None, CompiledHooks()
    from railbook.title.sources import OPTIONAL, REQUIRED

    unreadable = [n for n in REQUIRED if n not in src.docs] + \
        [n for n in OPTIONAL if (folder / n).exists() and n not in src.docs]
    if unreadable:  # references into a file that did not load would only repeat its error
        return src, None, CompiledHooks()
    try:
        model = build_model(src)
    except Exception as exc:  # a malformed document the schema already reported
        if not src.problems:
            raise
        src.problems.add(str(folder), 1, 1, "", f"cannot check references until the errors above are fixed ({exc})")
        return src, None, CompiledHooks()
    hooks = CompiledHooks()
    names = hook_names(model)
    for text, file in src.inherited_hooks:   # a title that extends another: its parents' hooks first
        hooks = _merge_hooks(hooks, compile_hooks(text, file, names, src.problems))
    if src.hooks_text is not None:
        hooks = _merge_hooks(hooks, compile_hooks(src.hooks_text, src.hooks_file or "rules.hooks", names,
                                                  src.problems))
    _check_events(model, hooks, src)
    _check_optional_rules_act(model, hooks, src)
    if not src.problems:
        _rule_values_as_normalized(model, src)
    if not src.problems:
        _check_typed(model, src)
    return src, model, hooks


def _rule_values_as_normalized(model: dict[str, Any], src: TitleSource) -> None:
    """An optional rule's values are written as the YAML files write them (``count: unlimited``); the
    engine applies them to the normalized title. So each rule's changes are made, in order, on a copy
    of the title's YAML documents, the copy is schema-checked and normalized, and each ``set`` takes
    the value the normalized copy holds at its path. (A whole printed hex is normalized where the
    rule's changes are checked: railbook/title/normalize/rules.py.)"""
    import copy

    from railbook.title.changes import ChangeError, apply_source_change, resolve_change_path, source_location
    from railbook.title.normalize import Checker
    from railbook.title.schema_check import SCHEMA_FILES, check_document
    from railbook.title.yaml_source import YamlDoc

    chk = Checker(src.problems, src.docs)
    for i, rule in enumerate(model["title"]["optional_rules"]):
        changes = rule.get("changes") or []
        if not changes:
            continue
        data = {name: copy.deepcopy(doc.data) for name, doc in src.docs.items()}
        data["title.yaml"].pop("optional_rules", None)
        where = ("optional_rules", i, "changes")
        if any(str(c.get("set", c.get("remove"))).startswith("map.hexes[") for c in changes):
            continue   # printed hexes: map.yaml groups them otherwise; normalized on their own (see above)
        for j, change in enumerate(changes):
            verb = "remove" if "remove" in change else "set"
            path, value = change[verb], copy.deepcopy(change.get("to"))
            try:
                if verb == "set" and value is None and not path.endswith("]"):   # null: the field left out
                    if source_location(path)[0] in data:
                        try:
                            apply_source_change(data, "remove", path)
                        except ChangeError:
                            pass   # already left out
                    continue
                apply_source_change(data, verb, path, value, create_fields=True)
            except ChangeError as exc:
                chk.add("title.yaml", where + (j, verb), f"change {j + 1} of optional rule {rule['id']!r}: {exc}")
                return
        trial = TitleSource(folder=src.folder, common_tiles=src.common_tiles)
        for name, doc in src.docs.items():
            trial.docs[name] = YamlDoc(file=doc.file, data=data[name], positions=doc.positions)
            check_document(trial.docs[name], SCHEMA_FILES[name], trial.problems)
        changed = build_model(trial) if not trial.problems else None
        if trial.problems or changed is None:
            first = next(iter(trial.problems))
            chk.add("title.yaml", where, f"with optional rule {rule['id']!r} the title does not check: "
                                         f"{first.path + ': ' if first.path else ''}{first.message}")
            continue
        renames = _renames(changes)
        for change in changes:
            if "set" not in change:
                continue
            found = resolve_change_path(changed, _renamed(change["set"], renames))
            if found is not None:
                container, key = found
                change["to"] = copy.deepcopy(container[key])


def _renames(changes: list[dict[str, Any]]) -> dict[str, str]:
    """The list items a rule renames (``set: trains[name=D].name, to: "8"``): an earlier change's path
    names the item as it was, the changed title as it became."""
    out: dict[str, str] = {}
    for change in changes:
        path = str(change.get("set", ""))
        for key in ("name", "sym", "id"):
            if path.endswith(f"].{key}") and f"[{key}=" in path and isinstance(change.get("to"), (str, int)):
                head = path[: -len(f".{key}")]
                out[head] = f"{head[: head.rindex('[')]}[{key}={change['to']}]"
    return out


def _renamed(path: str, renames: dict[str, str]) -> str:
    for old, new in renames.items():
        if path == old or path.startswith(old + "."):
            return new + path[len(old):]
    return path


def _merge_hooks(base: CompiledHooks, own: CompiledHooks) -> CompiledHooks:
    """A child's hooks over its parent's: a hook or event handler of the child's replaces the parent's of
    that name (its function, defined later in the module, is the one the tables name)."""
    if not base.source:
        return own
    if not own.source:
        return base
    merged = CompiledHooks(source=base.source + "\n\n" + own.source, hooks={**base.hooks, **own.hooks},
                           events={**base.events, **own.events}, docs={**base.docs, **own.docs},
                           doc_texts={**base.doc_texts, **own.doc_texts})
    merged.warnings.extend(base.warnings)
    merged.warnings.extend(own.warnings)
    return merged


def _check_events(model: dict[str, Any], hooks: CompiledHooks, src: TitleSource) -> None:
    """Every event a train or phase fires is built in or handled by a hook."""
    from railbook.title.normalize import Checker

    chk = Checker(src.problems, src.docs)
    for i, t in enumerate(model["trains"]):
        for j, e in enumerate(t["events"]):
            if e not in BUILTIN_EVENTS and e not in hooks.events and not _corp_event(model, e):
                chk.add("trains.yaml", ("trains", i, "events", j),
                        f"event {e!r} is neither built in ({', '.join(BUILTIN_EVENTS)}) nor handled in rules.hooks")
    for i, p in enumerate(model["phases"]):
        for j, e in enumerate(p["events"]):
            if e not in BUILTIN_EVENTS and e not in hooks.events and not _corp_event(model, e):
                chk.add("trains.yaml", ("phases", i, "events", j),
                        f"event {e!r} is neither built in ({', '.join(BUILTIN_EVENTS)}) nor handled in rules.hooks")


def _check_optional_rules_act(model: dict[str, Any], hooks: CompiledHooks, src: TitleSource) -> None:
    """Every optional rule changes something: it has changes, or rules.hooks reads it (``option("id")``).
    A rule that does neither would be offered to players and silently do nothing."""
    from railbook.title.normalize import Checker

    read = options_read(hooks.source)
    chk = Checker(src.problems, src.docs)
    for i, rule in enumerate(model["title"]["optional_rules"]):
        if not rule.get("changes") and rule["id"] not in read:
            chk.add("title.yaml", ("optional_rules", i, "id"),
                    f"optional rule {rule['id']!r} changes nothing: give it changes, or read it in rules.hooks "
                    f"with option(\"{rule['id']}\")")


def options_read(hooks_source: str) -> set[str]:
    """The optional rules the compiled hooks ask about (each ``api.option('id')`` with its id written out)."""
    if not hooks_source:
        return set()
    return {node.args[0].value for node in ast.walk(ast.parse(hooks_source))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "option"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}


def _corp_event(model: dict[str, Any], event: str) -> bool:
    """A corporation becomes available on it, or it starts a corporation's formation."""
    return any((isinstance(c.get("available"), dict) and c["available"].get("event") == event)
               or (isinstance(c.get("formation"), dict) and c["formation"].get("on_event") == event)
               for c in model["corporations"])


def compile_title(folder: Path) -> CompiledTitle:
    """Check and compile; raise TitleError with every problem if the title is broken."""
    src, model, hooks = check_title(folder)
    if src.problems or model is None:
        raise TitleError(src.problems if src.problems else Problems())
    digest = source_hash(folder, compiler_digest())
    title_id = str(model["title"].get("id", folder.name))
    meta = model["title"]
    doc = f"{meta.get('name', title_id)}"
    if meta.get("subtitle"):
        doc += f": {meta['subtitle']}"
    doc += " (compiled by railbook from titles/" + folder.name + ")."
    hook_table = pylit(dict(sorted(hooks.hooks.items())))
    event_table = pylit(dict(sorted(hooks.events.items())))
    # the tables refer to hook functions by name; emit them as names, not strings
    hook_table = _names_not_strings(hook_table, hooks.hooks.values())
    event_table = _names_not_strings(event_table, hooks.events.values())
    typed_model = typed.build(model)
    parts = {f.name: typed.python_source(getattr(typed_model, f.name)) for f in dataclasses.fields(typed_model)}
    names = sorted({"TitleModel"} | {n for text in parts.values() for n in _CONSTRUCTOR.findall(text)})
    source = _ENV.get_template("module.py.j2").render(
        title_id=title_id, source_hash=digest, version=__version__, docstring=doc,
        typed=parts, model_names=names, hooks=hooks, hook_table=hook_table, event_table=event_table,
    )
    return CompiledTitle(title_id=title_id, source=source, model=model, hooks=hooks, source_hash=digest)


_CONSTRUCTOR = re.compile(r"\b([A-Z][A-Za-z]+)\(")


def _check_typed(model: dict[str, Any], src: TitleSource) -> None:
    """The normalized title fits the typed model, and so does every optional rule's change."""
    from railbook.title.normalize import Checker

    chk = Checker(src.problems, src.docs)
    try:
        built = typed.build(model)
    except typed.ModelError as exc:  # a gap between the checks and the model: say where, never a traceback
        src.problems.add(str(src.folder), 1, 1, "", f"the title's data does not fit the engine's model: {exc}")
        return
    for i, rule in enumerate(built.title.optional_rules):
        changed = built   # each change is checked on the title as the rule's changes before it left it
        for j, change in enumerate(rule.changes):
            try:
                changed = typed.apply_change(changed, change)
            except typed.ModelError as exc:
                chk.add("title.yaml", ("optional_rules", i, "changes", j, "remove" if change.remove else "to"),
                        f"change {j + 1} of optional rule {rule.id!r}: {exc}")
                break


def _names_not_strings(text: str, functions: Any) -> str:
    for fn in functions:
        text = text.replace(repr(fn), fn)
    return text

