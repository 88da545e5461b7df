"""A generated sentence never contradicts the title's data: for every title and language, the
sentences a rule would call for are there, and those of the rule it does not have are not
(capitalization, game end, emergency money raising, track actions)."""

from __future__ import annotations

import pytest
from docs_support import doc, lang, loaded, section

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


def _flow(tid: str, code: str, src: str, dst: str) -> str:
    L = lang(tid, code)
    return " ".join(f["what"] for f in doc(tid, code)["money"]
                    if f["from"] == L.t(f"role.{src}") and f["to"] == L.t(f"role.{dst}")).lower()


@pytest.mark.parametrize("tid,code", CASES)
def test_ipo_money_goes_where_the_capitalization_sends_it(tid: str, code: str) -> None:
    """A full capitalization's IPO pays the bank; an incremental or escrow one pays the corporation,
    at par or at the market price as the data says — never both, never the other."""
    f, L = loaded(tid).facts, lang(tid, code)
    to_bank, to_corp = _flow(tid, code, "players", "bank"), _flow(tid, code, "players", "corporations")
    if f["no_open_market"]:   # shares wait in the bank's offer, sold at the market price
        assert L.t("money.offer").lower() in to_bank
    elif f["capitalization"] == "full":
        assert L.t("money.ipo_full").lower() in to_bank
    else:
        assert L.t("money.ipo_full").lower() not in to_bank
        expected = "money.ipo_escrow" if f["capitalization"] == "escrow" else \
            "money.ipo_market_to_corp" if f["ipo_price"] == "market" else "money.ipo_to_corp"
        assert L.t(expected).lower() in to_corp


@pytest.mark.parametrize("tid,code", CASES)
def test_a_market_priced_ipo_is_never_said_to_sell_at_par(tid: str, code: str) -> None:
    f, L, page = loaded(tid).facts, lang(tid, code), text(tid, code)
    if f["ipo_price"] != "market" or "full" in f["capitalizations"]:
        return
    assert stem(str(L.raw("sr.par_market")[0])).lower() in page
    assert L.t("money.ipo_to_corp").lower() not in page


@pytest.mark.parametrize("tid", title_ids())
def test_the_operating_round_lists_every_step_the_data_has(tid: str) -> None:
    """Track, stations and share issues are steps of their own even where one engine step does two
    (1846's track_and_token, issue_redeem)."""
    f = loaded(tid).facts
    steps = " ".join(next(b for b in doc(tid, "en")["how"] if b["id"] == "operating")["steps"]).lower()
    if "track" in f["or_steps"]:
        assert "track" in steps
    if "token" in f["or_steps"]:
        assert "station" in steps
    if "issue_shares" in f["or_steps"]:
        assert "issue" in steps


@pytest.mark.parametrize("tid,code", CASES)
def test_a_private_that_brings_markers_says_so(tid: str, code: str) -> None:
    f, L = loaded(tid).facts, lang(tid, code)
    privates = section(doc(tid, code), "privates") if f["privates"] else ""
    for m in f["markers"]:
        if m.get("of_private"):
            name = next(p["name"] for p in f["privates"] if p["sym"] == m["of_private"])
            line = next(x for x in privates.split("\n") if name in x)
            assert L.t("privates.no_ability") not in line, line
            assert stem(str(L.raw("ability.marker_private")[0])) in line


@pytest.mark.parametrize("tid,code", CASES)
def test_privates_no_corporation_owns_are_used_with_the_owners_consent(tid: str, code: str) -> None:
    from railbook.docs.summary import corporations_own_privates

    f, L = loaded(tid).facts, lang(tid, code)
    if not f["privates"] or corporations_own_privates(f):
        return
    privates = section(doc(tid, code), "privates")
    player_used = any(a.get("owner") == "player" for p in f["privates"] for a in p["abilities"])
    assert (L.t("privates.consent") in privates) == player_used
    assert stem(str(L.raw("ability.tile_lay")[0])) not in privates


@pytest.mark.parametrize("tid,code", CASES)
def test_a_corporation_formed_from_others_has_no_station_count_of_zero(tid: str, code: str) -> None:
    f, L = loaded(tid).facts, lang(tid, code)
    corps = section(doc(tid, code), "corporations")
    for c in f["corporations"]:
        if c["formation"] and not c["tokens"]:
            line = next(x for x in corps.split("\n") if f"({c['sym']})" in x)
            assert L.t("corps.tokens", n=0) not in line, line


@pytest.mark.parametrize("tid,code", CASES)
def test_emergency_issuing_comes_first_where_the_data_says(tid: str, code: str) -> None:
    f, L = loaded(tid).facts, lang(tid, code)
    para = section(doc(tid, code), "emergency")
    first = f["operating_round"]["emergency_buy"].get("issue_shares_first") and "issue_shares" in f["or_steps"]
    if f["operating_round"]["must_buy_train"] != "never":
        assert (L.t("emergency.issue_first") in para) == bool(first)


@pytest.mark.parametrize("tid,code", CASES)
def test_a_drafts_blank_cards_are_never_priced(tid: str, code: str) -> None:
    f = loaded(tid).facts
    page = text(tid, code)
    for p in f["privates"]:
        if p.get("kind") == "blank":
            assert p["name"].lower() not in page


def _story(a: str, b: str, code: str) -> str:
    from railbook.diff import diff_titles
    from railbook.diff.prose import prose_text

    x, y = loaded(a), loaded(b)
    return prose_text(diff_titles(x.model, y.model, hooks_a=x.hooks, hooks_b=y.hooks), code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_1846_1856_comparison_says_each_titles_own_facts(code: str) -> None:
    """1830's sentences are never said of 1846; 1856's loans, escrow and markers are what its data says."""
    from railbook.diff.story import Words

    w, text_ = Words(code), _story("1846", "1856", code)
    assert "unlimited" not in text_ or code == "en"
    assert w.t("track.base", title="1846") not in text_           # 1846 lays two tiles, 1856 one
    assert w.t("track.one_in", title="1856") in text_
    assert w.t("capital.full", title="1856", float=w.pct(20)) not in text_
    assert w.t("capital.escrow", title="1856", float=w.pct(20)) in text_
    assert stem(w.raw("loans.this_per_share")) in text_
    assert stem(w.raw("routes.marker")) not in text_


def test_the_1830_1889_comparison_never_gives_1889_a_presidents_private() -> None:
    from railbook.diff.story import Words

    w, text_ = Words("en"), _story("1830", "1889", "en")
    assert "1889 does the same" not in text_
    assert w.t("setup.same", title="1889") in text_
    assert "¥" in text_                                          # 1889's figures, in its own currency
