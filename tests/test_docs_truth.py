"""A generated sentence never contradicts the title's data: for every title and language, the
sentences a rule would call for are there, and those of the rule it does not have are not
(capitalization, game end, emergency money raising, track actions)."""

from __future__ import annotations

import pytest
from docs_support import doc, lang, loaded

from railbook.languages import LANGUAGES
from railbook.paths import title_ids

CASES = [(t, lang_) for t in title_ids() for lang_ in LANGUAGES]


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [x for k, v in node.items() if k not in ("figures", "facts") for x in _strings(v)]
    if isinstance(node, (list, tuple)):
        return [x for v in node for x in _strings(v)]
    return []


def text(tid: str, code: str) -> str:
    """Every sentence of the page, as the document holds it (lower case: items are capitalised when shown)."""
    return "\n".join(_strings(doc(tid, code))).lower()


def stem(message: str) -> str:
    """A catalogue sentence up to its first placeholder: what any filled-in form of it contains."""
    return message.split("{")[0].strip()


@pytest.mark.parametrize("tid,code", CASES)
def test_capitalization_is_what_the_data_says(tid: str, code: str) -> None:
    f, L, page = loaded(tid).facts, lang(tid, code), text(tid, code)
    if "full" not in f["capitalizations"]:
        # no "on floating the corporation receives N x par" for a title without full capitalization
        promise = str(L.raw("sr.par")[0]).split("{prices}")[1].format(multiple=L.num(f["float_multiple"]))
        assert promise.strip("; ").lower() not in page
        assert L.t("money.float", multiple=L.num(f["float_multiple"])).lower() not in page
    else:
        assert L.t("money.float", multiple=L.num(f["float_multiple"])).lower() in page


@pytest.mark.parametrize("tid,code", CASES)
def test_the_game_end_is_what_the_data_says(tid: str, code: str) -> None:
    f, L, page = loaded(tid).facts, lang(tid, code), text(tid, code)
    ends = f["bankruptcy"].get("ends_game_after")
    triggers = [g["trigger"] for g in f["game_end"]]
    one = L.t("end.item", trigger=L.t("end.trigger.bankruptcy"), timing="").rstrip().lower()
    every = L.t("end.trigger.bankruptcy_all").lower()
    if ends == "all_but_one":
        assert one not in page and L.t("end.bankruptcy.one").lower() not in page
        if "bankruptcy" in triggers:
            assert every in page
    elif "bankruptcy" in triggers:
        assert one in page and every not in page


@pytest.mark.parametrize("tid,code", CASES)
def test_emergency_money_is_raised_as_the_data_says(tid: str, code: str) -> None:
    f, L = loaded(tid).facts, lang(tid, code)
    para = " ".join(next(s for s in doc(tid, code)["summary"] if s["id"] == "emergency")["paragraphs"])
    eb = f["operating_round"]["emergency_buy"]
    if f["operating_round"]["must_buy_train"] == "never":
        return
    sells = [L.t("emergency.sell_needed"), L.t("emergency.sell_more")]
    if eb.get("president_sells_shares", True):
        assert any(s in para for s in sells)
    else:
        assert not any(s in para for s in sells) and L.t("emergency.no_sales") in para
    if eb.get("loans_first") and f["loans"]:
        assert stem(str(L.raw("emergency.loans_first")[0])) in para
        assert L.t("emergency.president") not in para


@pytest.mark.parametrize("tid,code", CASES)
def test_track_actions_are_what_the_data_says(tid: str, code: str) -> None:
    f, L, page = loaded(tid).facts, lang(tid, code), text(tid, code)
    lays = f["tile_lays"]
    many = [L.t("track.many_any", n=len(lays)).lower(), L.t("track.many_one_upgrade", n=len(lays)).lower()]
    if len(lays) > 1 and all(lay.get("first_operation_only") for lay in lays[1:]):
        assert not any(m in page for m in many)
        assert L.t("track.first_two", n=len(lays)).lower() in page
    elif len(lays) > 1:
        assert any(m in page for m in many)
    else:
        assert not any(m in page for m in many)


@pytest.mark.parametrize("tid,code", CASES)
def test_the_comparison_ends_the_game_as_the_data_says(tid: str, code: str) -> None:
    """The comparison's own account of the game end (its first point) says what the summary says."""
    from railbook.diff import diff_titles
    from railbook.diff.story import Words, _end, sides

    comparison = doc(tid, code)["comparison"]
    if comparison is None:
        pytest.skip(f"{tid} is the baseline")
    base, this = loaded(comparison["base"]), loaded(tid)
    _, side = sides(diff_titles(base.model, this.model, hooks_a=base.hooks, hooks_b=this.hooks))
    w = Words(code)
    end = _end(side, w)
    f = this.facts
    one = [w.t("end.bankruptcy.immediately"), w.t("end.bankruptcy.any")]
    if f["bankruptcy"].get("ends_game_after") == "all_but_one":
        assert not any(s in end for s in one) and w.t("end.all_but_one") in end, end
    elif "bankruptcy" in [g["trigger"] for g in f["game_end"]]:
        assert any(s in end for s in one), end
