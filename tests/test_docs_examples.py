"""The worked examples: every title's examples play on the engine, and the 1894 and 1893
examples give, step by step, the very figures of the seeds' walkthroughs
("Eine Runde Schritt für Schritt": ../shared/seeds/000_... for 1894 in German, 001_... in
Polish, 002_... for 1893 in German). The seeds' figures are read from the seed files
themselves, so nothing is typed twice; the documents compute theirs on the engine.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_support import SEEDS, doc, has_title, loaded

from railbook.docs.examples import play, typed_figures
from railbook.errors import DocsError
from railbook.languages import LANGUAGES
from railbook.paths import title_ids
from railbook.title.yaml_source import load_yaml

SHIPPED = ("1830", "1894", "1893", "1826")

# (title, seed file, language, the labels the seed gives its four figures)
SEED_WALKTHROUGHS = [
    ("1894", "000_ac26f80df78ed96d.txt", "de", ("Geld", "Kasse", "Kurs", "Züge")),
    ("1894", "001_68edd4f2469ee52d.txt", "pl", ("Pieniądze", "Skarbiec", "Kurs", "Pociągi")),
    ("1893", "002_973750b3d8e92379.txt", "de", ("Geld", "Kasse", "Kasse", "Kurs")),
]


def seed_steps(path: Path, labels: tuple[str, ...]) -> list[list[str]]:
    """The figures under each numbered step of a seed's walkthrough, as printed."""
    text = path.read_text(encoding="utf-8")
    start = text.index("Schritt für Schritt") if "Schritt für Schritt" in text else text.index("krok po kroku")
    lines = text[start:].splitlines()
    steps: list[list[str]] = []
    for i, line in enumerate(lines):
        if re.match(r"^\s+\d+\. ", line):
            steps.append([])
        elif steps and re.match(r"^\s+(" + "|".join(labels) + r") \[", line):
            steps[-1].append(lines[i + 1].strip())
        if "Zusammenfassung" in line or "Podsumowanie" in line:
            break
    return [s for s in steps if s]


def figure(text: str) -> str:
    """A figure without its currency and grouping: 'F1.000' and '1 000 F' are '1000'; '—' stays."""
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    if re.search(r"\d", text) and "+" not in text:
        return re.sub(r"[^\d]", "", text)
    return text.strip()


@pytest.mark.parametrize("tid,seed,lang,labels", SEED_WALKTHROUGHS, ids=[f"{t}-{l}" for t, _, l, _ in SEED_WALKTHROUGHS])
def test_every_figure_of_the_seed_walkthrough_is_what_the_engine_computes(tid: str, seed: str, lang: str,
                                                                           labels: tuple[str, ...]) -> None:
    if not has_title(tid) or not (SEEDS / seed).exists():
        pytest.skip("title or seed not present")
    expected = seed_steps(SEEDS / seed, labels)
    assert len(expected) >= 14
    (ex,) = doc(tid, lang)["examples"]
    got = [[figure(f["value"]) for f in s["figures"]] for s in ex["steps"]]
    assert len(got) == len(expected)
    for n, (want, have) in enumerate(zip(expected, got), start=1):
        assert [figure(x) for x in want] == have, f"step {n}"


def seed_narrations(path: Path, labels: tuple[str, ...]) -> list[str]:
    """The text of each numbered step of a seed's walkthrough (its heading and figure boxes left out)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("Schritt für Schritt") if "Schritt für Schritt" in text else text.index("krok po kroku")
    steps: list[list[str]] = []
    in_body = False
    for line in text[start:].splitlines():
        if "Zusammenfassung" in line or "Podsumowanie" in line:
            break
        if re.match(r"^\s+\d+\. ", line):
            steps.append([])
            in_body = True
        elif steps and re.match(r"^\s+(" + "|".join(labels) + r") \[", line):
            in_body = False
        elif steps and in_body and line.strip():
            steps[-1].append(line.strip())
    return [" ".join(s) for s in steps if s]


# numbers in a narration that are names, not figures: players ([S1]), rounds ("Aktienrunde 2"), minors ("Minors 1, 3 und 5")
NAMES = re.compile(r"\[[A-Z]\d\]|\b(?:Aktienrunde|Betriebsrunde|[Rr]und\w* (?:giełdow|operacyjn)\w*)\s+[\d.]+"
                   r"|\bMinors?\s+\d+(?:\s*,\s*\d+)*(?:\s+(?:und|i)\s+\d+)?")


def numbers(text: str) -> list[str]:
    """The figures of a text, grouping left out ('F1.000', '1 000 F' and '1.000 F' are all '1000')."""
    text = NAMES.sub(" ", text.replace("\u00a0", " ").replace("\u202f", " "))
    return re.findall(r"\d+", re.sub(r"(?<=\d)[.\s](?=\d{3}\b)", "", text))


@pytest.mark.parametrize("tid,seed,lang,labels", SEED_WALKTHROUGHS, ids=[f"{t}-{l}" for t, _, l, _ in SEED_WALKTHROUGHS])
def test_every_figure_the_seed_narrates_is_in_the_step(tid: str, seed: str, lang: str, labels: tuple[str, ...]) -> None:
    """Beyond the figure boxes: each number a seed's step tells (a city's value, 10 × par, 120 − 40 = 80,
    a train limit) is told by the generated step too, computed by the engine."""
    if not has_title(tid) or not (SEEDS / seed).exists():
        pytest.skip("title or seed not present")
    told = seed_narrations(SEEDS / seed, labels)
    (ex,) = doc(tid, lang)["examples"]
    assert len(told) == len(ex["steps"])
    for n, (want, step) in enumerate(zip(told, ex["steps"]), start=1):
        have = numbers(" ".join([step["title"], step["text"], step["note"]]))
        missing = [x for x in numbers(want) if x not in have]
        assert not missing, (f"step {n}", missing, want)


@pytest.mark.parametrize("tid", title_ids())
def test_every_example_of_every_title_plays(tid: str) -> None:
    # loading a title plays its examples; one that no longer plays is a DocsError
    for played in loaded(tid).examples:
        assert played.steps


@pytest.mark.parametrize("tid", [t for t in SHIPPED if has_title(t)])
def test_the_shipped_titles_have_a_worked_example_told_in_every_language(tid: str) -> None:
    examples = loaded(tid).examples
    assert examples, f"{tid} has no worked example"
    for played in examples:
        for texts in [played.title, played.intro] + [t for s in played.steps for t in (s.title, s.text)]:
            assert set(texts) >= set(LANGUAGES), (played.name, texts)


def test_an_example_that_no_longer_plays_stops_the_build_where_it_breaks(tmp_path: Path) -> None:
    text = """title: {en: Broken}
players: [A, B, C]
steps:
  - title: {en: One}
    text: {en: "A has {A.cash}."}
    actions:
      - {type: bid, entity: A, company: NOPE, price: 20}
"""
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DocsError) as info:
        play("1830", load_yaml(path, text), "broken")
    problem = next(iter(info.value.problems))
    assert (problem.line, problem.col) == (7, 9), problem


def test_a_figure_typed_into_a_narration_is_refused() -> None:
    assert typed_figures("Die Belge kauft zwei {trains:2} für {Belge.treasury.change} in E16.", {"E16"}) == []
    assert typed_figures("Sie zahlt F80 für einen Zug", {"E16"}) == ["80"]
    assert typed_figures("Sie zahlt 80 F", {"E16"}) == ["80"]
