from __future__ import annotations

import pytest

from checklist.engine import questions
from checklist.engine.questions import CONTINUE, BadAnswer, Question, parse_answer, parse_items, parse_value
from checklist.graph.program import Program
from checklist.model.names import slug


def test_slug_turns_table_cells_into_value_names(flow: Program) -> None:
    cells = [row.cells[0] for table in flow.tables.values() for row in table.rows if row.cells]
    assert cells
    assert [slug(c) for c in ["All-Out Attack (Double)", "  x--Y  "]] == ["all-out-attack-double", "x-y"]


def test_yes_no(flow: Program) -> None:
    q = questions.fact_question(flow, flow.facts["stunned"])
    assert q.kind == "yes/no"
    for text, value in [("1", "yes"), ("2", "no"), ("y", "yes"), ("N", "no"), (" yes ", "yes"), ("No", "no")]:
        assert parse_answer(q, text) == value
    for bad in ["", "3", "0", "maybe", "yesno"]:
        with pytest.raises(BadAnswer):
            parse_answer(q, bad)


def test_choice_by_number_name_or_unique_start(flow: Program) -> None:
    q = questions.fact_question(flow, flow.facts["defense"])
    assert [o.value for o in q.options] == ["dodge", "block", "parry", "none"]
    assert parse_answer(q, "3") == "parry"
    assert parse_answer(q, "Parry") == "parry"
    assert parse_answer(q, "par") == "parry"
    with pytest.raises(BadAnswer, match="not one of the choices"):
        parse_answer(q, "riposte")
    assert parse_answer(q, "4") == "none"
    with pytest.raises(BadAnswer, match="no choice 5"):
        parse_answer(q, "5")


def test_table_rows_answer_by_label_or_slug(flow: Program) -> None:
    q = questions.fact_question(flow, flow.facts["maneuver"])
    assert q.kind == "table"
    assert q.options[0].label == "Aim"
    assert parse_answer(q, "All-Out Defense (Increased Dodge)") == "all-out-defense-increased-dodge"
    assert parse_answer(q, "attack") == "attack"  # exact beats the longer rows that start with it
    with pytest.raises(BadAnswer):
        parse_answer(q, "all-out")  # ambiguous start


def test_number_and_roll(duel: Program) -> None:
    number = questions.fact_question(duel, duel.facts["skill"])
    assert parse_answer(number, "-3") == -3
    with pytest.raises(BadAnswer, match="whole number"):
        parse_answer(number, "3.5")
    roll = questions.fact_question(duel, duel.facts["damage"])
    assert roll.dice == "1d6+2"
    assert parse_answer(roll, "8") == 8
    with pytest.raises(BadAnswer, match="cannot roll 9: type what it rolled, 3 to 8, or r"):
        parse_answer(roll, "9")
    with pytest.raises(BadAnswer, match="or r to let the program roll"):
        parse_answer(roll, "lots")


def test_continue() -> None:
    assert parse_answer(CONTINUE, "") is None
    assert parse_answer(CONTINUE, "1") is None
    with pytest.raises(BadAnswer, match="asks nothing"):
        parse_answer(CONTINUE, "yes")


@pytest.mark.parametrize(("text", "names"), [
    ("2: Bob, Ann", ("Bob", "Ann")),
    ("Bob, Ann", ("Bob", "Ann")),
    ("Bob", ("Bob",)),
    ("2", ("defender 1", "defender 2")),
    ("0", ()),
    ("1:Zed", ("Zed",)),
])  # fmt: skip
def test_split_items(text: str, names: tuple[str, ...]) -> None:
    assert parse_items(text, "defender") == names


@pytest.mark.parametrize(("text", "message"), [
    ("3: Bob, Ann", "you said 3 but named 2"),
    ("", "how many"),
    ("Bob,,Ann", "a name is empty"),
    ("2: Bob, Bob", "same name"),
    ("99", "too many"),
])  # fmt: skip
def test_bad_split_items(text: str, message: str) -> None:
    with pytest.raises(BadAnswer, match=message):
        parse_items(text, "defender")


def test_once_split_runs_or_skips() -> None:
    q = questions.split_question(None, "from combat.94 until combat.128 then back to combat.92")
    assert parse_answer(q, "1") == ("",)
    assert parse_answer(q, "skip") == ()
    with pytest.raises(BadAnswer):
        parse_answer(q, "2")
    assert isinstance(questions.split_question("defender", "x"), Question)


def test_parse_value_for_set(flow: Program, duel: Program) -> None:
    assert parse_value(flow, flow.facts["stunned"], "no") == "no"
    assert parse_value(flow, flow.facts["maneuver"], "Attack") == "attack"
    assert parse_value(duel, duel.facts["skill"], "12") == 12
    with pytest.raises(BadAnswer, match="cannot be `1`"):
        parse_value(flow, flow.facts["stunned"], "1")  # by name, never by position
    with pytest.raises(BadAnswer):
        parse_value(flow, flow.facts["defense"], "riposte")


@pytest.mark.parametrize("typed", ["²", "1²", "١", "１", "9" * 5000, "-" + "9" * 5000, "+", ""])
def test_digits_that_are_no_number_are_a_bad_answer_for_every_kind(flow: Program, typed: str) -> None:
    # `²` (AltGr+2) and other Unicode digits pass str.isdigit() but int() refuses them, and int()
    # refuses 4,300 digits: each is a one-line BadAnswer, never a ValueError.
    for fact in ("defense", "target-sm", "attack-dice"):
        question = questions.fact_question(flow, flow.facts[fact])
        with pytest.raises(BadAnswer):
            parse_answer(question, typed)
    try:  # a split's branch names are free text: `²` may name one, but never raises anything else
        assert parse_items(typed, "defender") == (typed,)
    except BadAnswer:
        assert typed in ("", "+") or typed.lstrip("-").isdigit()


def test_whole_numbers_are_ascii_digits_up_to_nine() -> None:
    assert questions.whole_number("12") == 12 and questions.whole_number(" 7 ") == 7
    assert questions.whole_number("-3") is None and questions.whole_number("-3", signed=True) == -3
    assert questions.whole_number("9" * 9) == 999_999_999 and questions.whole_number("9" * 10) is None


def test_an_override_question_says_what_is_known_now() -> None:
    """`o FACT`: the value the tool holds, by its label, after the question; Enter keeps it, but not a roll's
    (the dice are typed) nor a value the menu no longer offers."""
    maneuver = Question("choice", "Which maneuver?", "maneuver", (questions.Option("do-nothing", "Do Nothing (B364)"),))
    kept = questions.overriding(maneuver, "do-nothing")
    assert (kept.text, kept.default) == ("Which maneuver? (now: Do Nothing (B364))", "do-nothing")
    assert questions.overriding(maneuver, "attack").default is None
    roll = questions.overriding(Question("roll", "Roll 3d6 for the attack", "attack-dice", dice="3d6"), 11)
    assert (roll.text, roll.default) == ("Roll 3d6 for the attack (now: 11)", None)
    assert questions.overriding(Question("number", "Range?", "range-yards"), 7).default == "7"
    assert questions.overriding(maneuver, None) is maneuver
