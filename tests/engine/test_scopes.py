from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from checklist import model as m
from checklist.engine.scopes import Scopes, forget
from checklist.engine.state import Known, drop_stale
from checklist.graph.program import Program


def test_heads_of_the_combat_checklist(flow: Program) -> None:
    scopes = Scopes.derive(flow)
    assert scopes.heads == {
        "turn": frozenset({"combat.1"}),
        "attack": frozenset({"combat.27"}),  # the target is chosen when the attack starts
        "defender": frozenset({"combat.60", "post-combat-rolls.1"}),  # each combatant's branch after the fight
    }
    assert scopes.starts_at("combat.1") == "turn"
    assert scopes.starts_at("combat.27") == "attack"
    assert scopes.starts_at("combat.29") is None
    assert scopes.starts_at("post-combat.2") is None  # post-combat asks only combat facts


def test_heads_of_the_design_sample(hardest: Program) -> None:
    scopes = Scopes.derive(hardest)
    assert {k: sorted(v) for k, v in scopes.heads.items()} == {
        "turn": ["combat.4"],
        "attack": ["combat.28"],
        "defender": ["combat.62"],
    }
    assert scopes.describe() == ["turn: combat.4", "attack: combat.28", "defender: combat.62"]


SCOPES = ("combat", "turn", "attack", "defender")
RANKS = {"combat": 0, "turn": 1, "attack": 2, "defender": 3}
STEPS = ("s.1", "s.2", "s.3", "s.4")


def rules_as_written(
    scopes: Scopes, facts: tuple[Known, ...], spare: frozenset[m.Scope], key: str
) -> tuple[tuple[Known, ...], frozenset[m.Scope]]:
    """docs/run.md's rules one by one: a head forgets its scope and the narrower ones (not what was set at the
    start, while the run has not entered that scope); arriving again where a fact was asked forgets it and
    what was learnt after it in its scope or a narrower one; then what was worked out from a forgotten fact."""
    drop: set[int] = set()
    scope = scopes.starts_at(key)
    if scope is not None:
        keep_set = scope in spare
        drop |= {i for i, k in enumerate(facts) if RANKS[k.scope] >= RANKS[scope] and not (keep_set and k.how == "set")}
        spare = spare - {scope}
    for asked in facts:
        if asked.step == key and asked.how != "set" and asked.scope != "combat":
            drop |= {
                i
                for i, k in enumerate(facts)
                if k is asked or (k.seq > asked.seq and RANKS[k.scope] >= RANKS[asked.scope])
            }
    if drop:
        facts = drop_stale(tuple(k for i, k in enumerate(facts) if i not in drop))
    return facts, spare


Arrival = tuple[Scopes, tuple[Known, ...], frozenset[m.Scope], str]


@st.composite
def arrivals(draw: st.DrawFn) -> Arrival:
    heads = {scope: frozenset(draw(st.sets(st.sampled_from(STEPS), max_size=1))) for scope in SCOPES[1:]}
    count = draw(st.integers(0, 12))
    facts = tuple(
        Known(
            f"f{i}",
            i,
            draw(st.sampled_from(SCOPES)),
            draw(st.sampled_from(("asked", "rolled", "set", "computed"))),
            draw(st.sampled_from((*STEPS, None))),
            seq,
            deps=tuple(draw(st.sets(st.sampled_from([f"f{j}" for j in range(i)]), max_size=2))) if i else (),
        )
        for i, seq in enumerate(sorted(draw(st.sets(st.integers(1, 99), min_size=count, max_size=count))))
    )
    spare = frozenset(draw(st.sets(st.sampled_from(SCOPES[1:]))))
    return Scopes(heads), facts, spare, draw(st.sampled_from(STEPS))


@settings(max_examples=300, deadline=None)
@given(arrivals())
def test_forget_follows_the_rules_as_written(
    arrival: tuple[Scopes, tuple[Known, ...], frozenset[m.Scope], str],
) -> None:
    scopes, facts, spare, key = arrival
    assert forget(scopes, facts, spare, key) == rules_as_written(scopes, facts, spare, key)
