"""The questions a step poses, and how a typed answer becomes a value.

Kinds: yes/no, choice, table (a row of a table), number, roll (dice), split (how many items
and their names) and continue (a step that asks nothing).  `parse_answer` turns what the
game master typed into a value or raises BadAnswer with a one-line explanation.
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING, Literal, NamedTuple

from checklist import model as m
from checklist.graph.program import Program
from checklist.model.dice import Dice
from checklist.model.frozen import replacer
from checklist.model.limits import MAX_DIGITS  # a typed number: a roll, a modifier, a choice's number
from checklist.model.names import slug
from checklist.model.visible import has_control, visible

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Kind = Literal["yes/no", "choice", "table", "number", "roll", "split", "continue"]
Value = str | int  # yes/no and choices: the value name; numbers and rolls: int
Answer = str | int | tuple[str, ...] | None  # split: item names; continue: None

MAX_ITEMS = 50
MAX_NAME = 40  # a split branch's name (a combatant's)
_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_BRACKETS = re.compile(r"\s*\([^)]*\)")  # a label's page or note: "Move (M364)", "Do Nothing (B364)"
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")


class BadAnswer(ValueError):
    """An answer the question cannot take; the message is one line for the game master."""


class Option(NamedTuple):
    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Question:
    kind: Kind
    text: str
    fact: str | None = None
    options: tuple[Option, ...] = ()
    dice: str | None = None
    item: str | None = None  # split: what each branch is for ("defender")
    plain: str | None = None  # the table view's words for a split: "Whose Wait triggers now?"
    override: bool = False  # the game master is replacing a known value
    barred: tuple[Option, ...] = ()  # choices not open now: (value, the yes/no fact that is no)
    unlisted: tuple[Option, ...] = ()  # choices not listed, taken when typed in full (an ally as the target)
    default: str | None = None  # what Enter answers (`torso`, the readied weapon, `0`)
    npc: str | None = None  # the NPC whose decision or roll this is: --autopilot answers it
    who: str | None = None  # the combatant whose decision or roll this is (an NPC's or a player's)

    @property
    def numbered(self) -> bool:
        return bool(self.options)

    def label(self, value: str) -> str:
        """How the menu words `value` (`Torso` for `torso`); the value itself when no option has it."""
        return next((o.label for o in self.options if o.value == value), value)


_NOW = replacer(Question, "text", "default")
CONTINUE = Question("continue", "Nothing to answer here.", options=(Option("continue", "continue"),))
YES_NO = (Option("yes", "yes"), Option("no", "no"))


def fact_question(
    program: Program, fact: m.Fact, override: bool = False, dice: str | None = None, names: tuple[str, ...] = ()
) -> Question:
    """The question that asks a fact (`dice`: worked-out dice of a roll; `names`: whom a combatant fact can name)."""
    if fact.kind in ("combatant", "weapon"):
        options = tuple(Option(n, n) for n in names)  # the roster's own spelling
        return Question("choice", fact.question, fact.name, options, override=override)
    if fact.kind == "yes/no":
        return Question("yes/no", fact.question, fact.name, YES_NO, override=override)
    if fact.kind == "choice":
        offered = names or fact.choices  # `parry if can-parry`: the reader bars what cannot be chosen now
        options = tuple(Option(c, c) for c in offered)
        barred = tuple(Option(c, _asks(program, guard)) for c, guard in fact.guards if c not in offered)
        return Question("choice", fact.question, fact.name, options, override=override, barred=barred)
    if fact.kind == "table":
        table = program.tables.get(fact.table or "")
        rows = table.rows if table is not None else ()
        if names:  # a hit location: the target's own (their sheet's body), named as the flow's table does
            labels = {slug(r.cells[0]): r.cells[0] for r in rows if r.cells and r.cells[0]}
            options = tuple(Option(n, labels.get(n, n.replace("-", " ").title())) for n in names)
            return Question("table", fact.question, fact.name, options, override=override)
        options = tuple(Option(slug(r.cells[0]), r.cells[0]) for r in rows if r.cells and r.cells[0])
        return Question("table", fact.question, fact.name, options, override=override)
    if fact.kind == "roll":
        return Question("roll", fact.question, fact.name, dice=dice or fact.dice, override=override)
    return Question("number", fact.question, fact.name, override=override)


def overriding(question: Question, current: Value | None) -> Question:
    """An override's question with the value known now: said after its text (`(now: yes)`), and what Enter
    keeps (not a roll's: the dice are typed)."""
    if current is None or current == "":  # nobody (a combatant fact without a roster) is not a value held
        return question
    held = str(current)
    offered = question.options + question.unlisted
    keeps = question.kind != "roll" and (not offered or any(o.value == held for o in offered))
    return _NOW(question, f"{question.text} (now: {question.label(held)})", held if keeps else None)


def _asks(program: Program, fact: str) -> str:
    """A yes/no fact as the game master reads it: its question (`Can the defender parry now ...?`)."""
    decl = program.facts.get(fact)
    return decl.question if decl is not None else fact


def split_question(item: str | None, where: str, plain: str | None = None) -> Question:
    """How many branches (and their names) a split runs; a `once` split asks run-or-skip.

    A printed split is often conditional in its prose ("if parrying an unarmed attacker,
    split to 15"), and the language has no conditional split, so `once` asks too.
    """
    if item is None:
        return Question("split", f"Run the branch {where} once? 1 runs it, 0 skips it.")
    words = item.replace("-", " ")
    return Question(
        "split",
        f"How many {words} branches {where}? Number and names, e.g. `2: Bob, Ann` (0 skips).",
        item=item,
        plain=f"{plain} Names, e.g. `Bob, Ann` (0: nobody)." if plain else None,
    )


def parse_answer(question: Question, text: str) -> Answer:
    """The value `text` gives `question`; BadAnswer says why it gives none.  Enter alone takes the default."""
    raw = text.strip() or (question.default or "")
    if question.kind == "continue":
        if raw.lower() in ("", "1", "c", "continue"):
            return None
        raise BadAnswer("this step asks nothing: press Enter (or 1) to go on")
    if question.kind == "split":
        return parse_items(raw, question.item) if question.item else _once(raw)
    if question.kind in ("number", "roll"):
        return _number(question, raw)
    return _option(question, raw)


def _option(question: Question, raw: str) -> str:
    options = question.options
    if not raw:
        raise BadAnswer(f"type a number 1-{len(options)} or a name")
    index = whole_number(raw)
    if index is not None:
        if 1 <= index <= len(options):
            return options[index - 1].value
        raise BadAnswer(f"there is no choice {index}: type 1-{len(options)}")
    found = match_option(options, raw)
    if found is not None:
        return found
    named = next((o.value for o in question.unlisted if slug(raw) in (slug(o.value), slug(o.label))), None)
    if named is not None:  # typed in full: an ally the menu does not list
        return named
    shut = match_option(question.barred, raw)
    if shut is not None:
        guard = next(o.label for o in question.barred if o.value == shut)
        raise BadAnswer(
            f"`{shut}` cannot be chosen now: {guard} no; choose one of: " + ", ".join(o.value for o in options)
        )
    several = starting(options, raw)
    if len(several) > 1:
        raise BadAnswer(
            f"`{visible(raw[:40])}` fits several: {', '.join(several)}; type more of the name, or its number"
        )
    names = ", ".join(o.value for o in options[:8]) + (", ..." if len(options) > 8 else "")
    close = difflib.get_close_matches(raw.strip().lower(), [o.value.lower() for o in options], n=1)
    hint = f"did you mean `{close[0]}`? " if close else ""
    ally = [o.value for o in question.unlisted if slug(raw) and slug(o.value).startswith(slug(raw))]
    if len(ally) == 1:  # an ally the menu does not list: their whole name takes them
        hint = f"`{ally[0]}` is not listed (an ally): type the whole name to choose them, or "
    raise BadAnswer(f"`{visible(raw[:40])}` is not one of the choices ({names}); {hint}type its number or name")


def match_option(options: tuple[Option, ...], raw: str) -> str | None:
    """The option `raw` names: its value, its label, or an unambiguous start of either."""
    low = raw.strip().lower()
    if question_yes_no(options):
        low = {"y": "yes", "n": "no"}.get(low, low)
    wanted = slug(raw)
    for option in options:
        if low in (option.value, option.label.lower()) or wanted == option.value:
            return option.value
    bare = [o.value for o in options if wanted and slug(_BRACKETS.sub("", o.label)) == wanted]  # "Move (M364)"
    if len(bare) == 1:
        return bare[0]
    starts = starting(options, raw)
    if len(starts) == 1:
        return starts[0]
    words = [o.value for o in options if wanted and not starts and wanted in slug(o.label).split("-")]
    return words[0] if len(words) == 1 else None  # "knife": the large knife


def starting(options: tuple[Option, ...], raw: str) -> list[str]:
    """The options whose value starts with what was typed: `all-out` fits four maneuvers."""
    wanted = slug(raw)
    return [o.value for o in options if wanted and o.value.startswith(wanted)]


def question_yes_no(options: tuple[Option, ...]) -> bool:
    return options == YES_NO


def whole_number(text: str, signed: bool = False) -> int | None:
    """`text` as a whole number written in ASCII digits (`12`, `-3` when signed), or None.

    `²` and `١` are digits to str.isdigit() but not numbers a person means; and a number of
    more than MAX_DIGITS digits is no answer (int() refuses 4,300 of them with an error)."""
    found = _WHOLE.fullmatch(text.strip()) if signed else _UNSIGNED.fullmatch(text.strip())
    return int(found.group()) if found is not None else None


def _number(question: Question, raw: str) -> int:
    value = whole_number(raw, signed=True)
    if value is None:
        if question.kind == "roll":
            raise BadAnswer(f"type the {question.dice} roll as a number, or r to let the program roll")
        if re.fullmatch(r"[+-]?[0-9]+", raw.strip()):
            raise BadAnswer(
                f"`{raw[:20]}...` is too long: a number has at most {MAX_DIGITS} digits; type a smaller one"
            )
        raise BadAnswer(f"`{visible(raw[:40])}` is not a whole number: type digits, such as 12 or -2")
    if question.kind == "roll" and question.dice:
        dice = Dice.parse(question.dice)
        if not dice.low <= value <= dice.high:
            raise BadAnswer(f"{dice} cannot roll {value}: type what it rolled, {dice.low} to {dice.high}, or r")
    return value


def _once(raw: str) -> tuple[str, ...]:
    low = raw.lower()
    if low in ("1", "y", "yes", "run"):
        return ("",)
    if low in ("0", "n", "no", "skip"):
        return ()
    raise BadAnswer("type 1 to run the branch or 0 to skip it")


def numbered_name(item: str, number: int) -> str:
    """A branch given a number, not a name: `defender 2`; a counted split's `hit 2`."""
    return f"{item.replace('-', ' ')} {number}"


def numbered(item: str, count: int) -> tuple[str, ...]:
    """`count` branches given no names: `defender 1`, `defender 2`, ..."""
    return tuple(numbered_name(item, i) for i in range(1, count + 1))


def parse_items(raw: str, item: str) -> tuple[str, ...]:
    """`2: Bob, Ann` -> (Bob, Ann); `2` -> (defender 1, defender 2); `Bob, Ann`; `0` -> ()."""
    words = item.replace("-", " ")
    count: int | None = None
    names_text = raw
    head, colon, rest = raw.partition(":")
    if colon and (said := whole_number(head)) is not None:
        count, names_text = said, rest
    elif (said := whole_number(raw)) is not None:
        count, names_text = said, ""
    names = tuple(n.strip() for n in names_text.split(",")) if names_text.strip() else ()
    check_names(names)
    if count is None:
        if not names:
            raise BadAnswer(f"how many {words} branches? type a number, e.g. `2: Bob, Ann` (0 skips)")
        count = len(names)
    if count > MAX_ITEMS:
        raise BadAnswer(f"{count} is too many: at most {MAX_ITEMS} {words} branches")
    if names and len(names) != count:
        raise BadAnswer(f"you said {count} but named {len(names)}: give one name per {words}")
    return names or numbered(item, count)


def check_names(names: tuple[str, ...]) -> None:
    """The branch names of a split, as typing allows them (a session file's too): BadAnswer if not.
    `("",)` is a `once` split that runs its branch."""
    if names == ("",):
        return
    if len(names) > MAX_ITEMS:
        raise BadAnswer(f"{len(names)} names is too many: at most {MAX_ITEMS} branches")
    for name in names:
        if not name or name != name.strip():
            raise BadAnswer("a name is empty: separate names with commas, e.g. `2: Bob, Ann`")
        if len(name) > MAX_NAME:
            raise BadAnswer(f"the name `{name[:20]}...` is too long: type one of at most {MAX_NAME} characters")
        if has_control(name):
            raise BadAnswer(f"the name `{visible(name)}` holds a control character: type plain text")
    if len(set(names)) != len(names):
        raise BadAnswer("two branches have the same name: give each its own")


def parse_value(program: Program, fact: m.Fact, text: str) -> Value:
    """A value for --set and the test plans: by name (or number for number facts), never by index."""
    question = fact_question(program, fact)
    if question.kind in ("number", "roll"):
        try:
            return _number(question, text.strip())
        except BadAnswer as exc:
            dice = f" that {fact.dice} can roll" if fact.kind == "roll" else ""
            raise BadAnswer(
                f"`{fact.name}` takes a whole number{dice} of at most {MAX_DIGITS} digits, e.g. {fact.name}=3 ({exc})"
            ) from None
    found = match_option(question.options, text)
    if found is None or (text.strip().isdigit() and found != text.strip()):
        names = ", ".join(o.value for o in question.options[:8]) + (", ..." if len(question.options) > 8 else "")
        raise BadAnswer(f"`{fact.name}` cannot be `{visible(text.strip()[:40])}`; give one of its values: {names}")
    return found
