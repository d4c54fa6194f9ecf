"""What `checklist run` shows, as plain data: the step screen, `where am I`, and the end-of-run summary.

Pure functions of a Session that return views: frozen dataclasses of str, int, bool and None,
and tuples of those or of other views; no ANSI, no I/O, no Session or model objects inside.
Everything a screen shows is decided here (what is known, each ledger line and its source,
the card, the question's hint and choices, the next step); paint.py only lays the views out
as text, and another front end (a web page) can lay out the same views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist import model as m
from checklist.engine.ahead import best_scored, option_scores
from checklist.engine.questions import Kind, Question, Value
from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.engine.trace import Decision
from checklist.graph.program import Program
from checklist.model.decks import card_brief, card_for, card_text
from checklist.model.dice import Dice, DiceError
from checklist.present.conditions import conditions
from checklist.present.passing import assumed_since, passed_steps, since_answer, weapon_taken
from checklist.present.refs import book_name
from checklist.present.refs import describe as describe_ref
from checklist.present.rolls import RollView, last_roll, roll_adds, roll_target
from checklist.present.rolls import label as fact_label
from checklist.present.words import gm_words, how_known
from checklist.present.worked import RowView, WorkedView, behind, rows_used, worked_since
from checklist.roster.combatants import Roster

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass


@dataclass(frozen=True, slots=True)
class RefView:
    """A rule reference: `B547`, its book `Basic Set`, and both in words: `B547 (Basic Set p. 547)`."""

    short: str
    book: str
    described: str


@dataclass(frozen=True, slots=True)
class CombatantView:
    """One combatant of the roster as the run shows them (HP and FP with their maximums)."""

    name: str
    hp: int
    max_hp: int | None
    fp: int
    max_fp: int | None
    shock: int  # 0: no shock
    posture: str
    conditions: tuple[str, ...]  # "reeling", "stunned", "grappled" (present/conditions.py)
    acting: bool  # it is this combatant's turn


@dataclass(frozen=True, slots=True)
class RosterView:
    round: int
    turn: str | None  # the name of the combatant whose turn it is; None before or after the fight
    combatants: tuple[CombatantView, ...]  # in turn order


@dataclass(frozen=True, slots=True)
class OptionsView:
    """An `options FACT` line: the values a fact can take, shown for reference."""

    fact: str
    choices: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LedgerLineView:
    value: Value  # "?" when the line's fact is not known
    what: str  # the line fact's question
    fact: str
    source: str  # "step 39, B428": the step that added the line and the fact's pages
    label: str = ""  # the question as the game master says it: "attacker's skill with this attack"


@dataclass(frozen=True, slots=True)
class LedgerView:
    title: str
    fact: str
    lines: tuple[LedgerLineView, ...]
    correction: int | None  # what the game master typed over the sum of the lines
    total: int | None  # from the lines shown and the correction; None when a line is not a number


@dataclass(frozen=True, slots=True)
class KnownView:
    """A known fact: its value and how it came to be known (`answered at combat.2, per turn`)."""

    fact: str
    value: Value
    scope: str
    how: str
    ledger: LedgerView | None = None  # a ledger with lines is shown line by line


@dataclass(frozen=True, slots=True)
class CardView:
    deck: str  # the deck's title
    lines: tuple[str, ...]
    brief: tuple[str, ...] = ()  # the short form: title, move and defenses


@dataclass(frozen=True, slots=True)
class ChoiceView:
    key: str  # what to type: "1", "2", ...
    value: str
    label: str
    score: int | None = None  # what the roll this choice picks is made against: `dodge 9` (engine/ahead.py)

    @property
    def shown(self) -> str:
        """The label, and the score when there is one: `dodge 9`, `none`."""
        return self.label if self.score is None else f"{self.label} {self.score}"


@dataclass(frozen=True, slots=True)
class QuestionView:
    kind: Kind
    text: str
    fact: str | None
    override: bool  # the game master is replacing a known value
    hint: str | None  # "type the total the dice show (3d6: 3 to 18), or Enter to roll", "type a whole number"
    choices: tuple[ChoiceView, ...]  # none for `continue`
    next: str | None  # `continue`: where the step goes, "combat.3 Title  (stunned)"
    default: str | None = None  # what Enter answers, as the choice's label: "Torso", "broadsword"
    against: str | None = None  # a roll: what it must come under, before it is rolled ("15 or less: HT 12 + 3")
    spelt: str | None = None  # the ledger `against` spells out line by line (effective-skill), if it does
    dice: str | None = None  # a roll: what the dice can show, "3d6: 3 to 18"
    adds: str | None = None  # what is added to the roll after it: "All-Out Attack (Strong) damage bonus +2"
    low: int | None = None  # a roll: the least and the most the dice can show (a keypad's range)
    high: int | None = None
    unlisted: tuple[str, ...] = ()  # what the choices leave out but a typed name takes: the allies as targets


@dataclass(frozen=True, slots=True)
class Screen:
    """The current step: where it sits, its prose and refs, what is known, and the question."""

    step: str
    number: int
    title: str
    checklist: str  # the checklist's title
    section: str | None  # the section's title
    branch: str  # the active splits' branches, "" outside a split
    resumed: bool  # back at the split's step after the split
    roster: RosterView | None
    prose: tuple[str, ...]
    refs: tuple[RefView, ...]
    tables: tuple[str, ...]  # the titles of the tables the step uses
    options: tuple[OptionsView, ...]
    known: tuple[KnownView, ...]  # what the step used, and the ledgers it adds to, in order
    cards: tuple[CardView, ...]
    question: QuestionView | None
    overridable: tuple[str, ...]  # the known facts the step read: what `o FACT` may correct
    messages: tuple[str, ...] = ()  # one-line messages for the game master (bad answers)
    passed: tuple[str, ...] = ()  # the steps that passed by themselves since the last answer
    brief: bool = False  # the table view: no prose (one key away), cards in short form
    roll: RollView | None = None  # the roll the last answer made, with what it was rolled against
    assumed: tuple[tuple[str, Value], ...] = ()  # facts taken without asking since the last answer
    worked: tuple[WorkedView, ...] = ()  # computed facts the steps since the last answer found (present/worked.py)
    rows: tuple[RowView, ...] = ()  # the rows of the tables the step uses, picked by the facts it read
    weapon: str = ""  # the attack's weapon the table view took of several (`o weapon` changes it)

    @property
    def ledgers(self) -> tuple[LedgerView, ...]:
        return tuple(k.ledger for k in self.known if k.ledger is not None)


# ---- the step ------------------------------------------------------------------------------


def screen(session: Session) -> Screen:
    """The current step as plain data."""
    state = session.state
    step = session.step
    program = session.program
    checklist = program.checklists[step.checklist]
    section = checklist.section_title(step.section)
    tables = tuple(table.title if (table := program.tables.get(u.table)) is not None else u.table for u in step.uses)
    options = tuple(
        OptionsView(fact.name, fact.choices) for o in step.options if (fact := program.facts.get(o.fact)) is not None
    )
    last = state.last
    roll = last_roll(session)
    known = _known_shown(session)
    roster = None
    if state.roster is not None:
        turn = program.steps[state.step].checklist in program.turn_loop
        roster = roster_view(state.roster, program, turn)
    return Screen(
        step.key,
        step.number,
        step.title,
        checklist.title,
        section,
        last.branch if last else "",
        last.resumed if last else False,
        roster,
        step.prose,
        tuple(ref_view(r) for r in step.refs),
        tables,
        options,
        known,
        card_views(session),
        question_view(session),
        tuple(session.overridable()),
        (),
        passed_steps(session),
        not session.pause,
        roll,
        assumed := assumed_since(session),
        _worked(session, roll, known),
        rows_used(session),
        weapon_taken(program, assumed),
    )


def _worked(session: Session, roll: RollView | None, known: tuple[KnownView, ...]) -> tuple[WorkedView, ...]:
    """What the screen lists as worked out since the last answer, less what the roll's line says
    (a roll's outcome: what its step found) and, step by step, what the `known` lines say."""
    found = worked_since(session, roll, skip_answered=roll is not None and roll.outcome is not None)
    if session.pause:
        shown = {k.fact for k in known}
        return tuple(w for w in found if w.fact not in shown)
    # the table view: numbers worked out from other facts (a result, not a default taken), less
    # what the next roll's `succeeds on` spells out
    question = session.state.question
    calls = session.program.rolled_against.get(question.fact or "", ()) if question is not None else ()
    skills = [c.args[2].name for _, c in calls if isinstance(c.args[2], m.Name)]
    said = set().union(*(behind(session, skill) for skill in skills))
    return tuple(w for w in found if isinstance(w.value, int) and _from_facts(w) and w.fact not in said)


def _from_facts(worked: WorkedView) -> bool:
    """Whether the formula that gave the value read a fact (`if ... then 1 else ...` taking its 1 did not)."""
    return bool(worked.read) and not worked.formula.lstrip("-").isdigit()


def ref_view(ref: m.Ref) -> RefView:
    return RefView(str(ref), book_name(ref.book), describe_ref(ref))


def roster_view(roster: Roster, program: Program, turn: bool = True) -> RosterView:
    """The combatants; `turn` False outside the turn loop (before or after the fight): no one's turn."""
    combatants = []
    for i, (sheet, state) in enumerate(zip(roster.sheets, roster.states, strict=True)):
        said = conditions(program, sheet, state)
        combatants.append(
            CombatantView(
                sheet.name,
                state.current_hp,
                sheet.number("hp"),
                state.current_fp,
                sheet.number("fp"),
                state.shock,
                state.posture,
                said,
                turn and i == roster.current,
            )
        )
    return RosterView(roster.round, roster.actor.name if turn else None, tuple(combatants))


def _known_shown(session: Session) -> tuple[KnownView, ...]:
    """The facts the step used and the ledgers it adds to, in the order the step met them; in the
    table view, the ledgers the steps passed since the last answer added to come along too (a
    Move's Move allowance, on the screen after it)."""
    state = session.state
    known = state.known()
    steps = [session.program.steps[key] for key in _steps_shown(session)]
    ledgers = [a.ledger for step in steps for a in step.actions if isinstance(a, m.Add)]
    out: list[KnownView] = []
    for name in dict.fromkeys([*state.consulted, *ledgers]):
        fact = known.get(name)
        if fact is not None and fact.lines:
            out.append(known_view(fact, ledger_view(session.program, fact, known)))
        elif fact is not None and name in state.consulted:
            out.append(known_view(fact))
    return tuple(out)


def known_view(known: Known, ledger: LedgerView | None = None) -> KnownView:
    return KnownView(known.fact, known.value, known.scope, how_known(known), ledger)


def ledger_view(program: Program, ledger: Known, known: dict[str, Known]) -> LedgerView:
    """A ledger's visible lines (each value, what it is, where it was added) and their total."""
    decl = program.facts.get(ledger.fact)
    title = decl.question if decl is not None else ledger.fact
    lines: list[LedgerLineView] = []
    total: int | None = ledger.adjust
    for fact, step in ledger.lines:
        line = known.get(fact)
        value: Value = line.value if line is not None else "?"
        total = total + value if isinstance(value, int) and total is not None else None
        what = program.facts[fact].question if fact in program.facts else fact
        source = f"step {step.rpartition('.')[2]}"
        refs = program.facts[fact].refs if fact in program.facts else ()
        if refs:
            source += ", " + ", ".join(str(r) for r in refs)
        lines.append(LedgerLineView(value, what, fact, source, fact_label(program, fact)))
    correction = ledger.adjust or None
    return LedgerView(title, ledger.fact, tuple(lines), correction, total)  # total from the lines shown


def card_views(session: Session) -> tuple[CardView, ...]:
    """The cards the step shows: the card its fact's value names, once the fact is known.

    In the table view, steps pass by themselves, so the cards of the step just answered and of
    the steps passed since come along to this screen (each card once)."""
    out: list[CardView] = []
    known = session.state.known()
    for key in _steps_shown(session):
        for show in session.program.steps[key].cards:
            value = known.get(show.fact)
            deck = session.program.decks.get(show.deck)
            card = card_for(deck, str(value.value)) if deck is not None and value is not None else None
            if deck is not None and card is not None:
                view = CardView(deck.title, tuple(card_text(card)), tuple(card_brief(card)))
                if view not in out:
                    out.append(view)
    return tuple(out)


def _steps_shown(session: Session) -> list[str]:
    """The step, and in the table view the steps that passed by since the last answer."""
    if session.pause:
        return [session.state.step]
    return list(dict.fromkeys(v.step for v in since_answer(session)))


def question_view(session: Session) -> QuestionView | None:
    """The pending question, with what to type; None when the flow is over."""
    question = session.state.question
    if question is None:
        return None
    if question.kind == "continue":
        decision = session.state.decision
        following = _next(session.program, decision) if decision is not None else None
        return QuestionView(question.kind, question.text, None, question.override, None, (), following)
    scores = option_scores(session)  # dodge 9, parry 11: what each defense would be rolled against
    choices = tuple(
        ChoiceView(str(i), o.value, o.label, scores.get(o.value)) for i, o in enumerate(question.options, 1)
    )
    text = question.text if session.pause else gm_words(session.program, session.state, question.plain or question.text)
    label = "roll" if question.kind == "roll" else default_label(question, best_scored(question, scores))
    hint, target = _hint(question), roll_target(session)
    against, spelt = target if target is not None else (None, None)
    dice = _range(question.dice) if question.kind == "roll" else None
    low, high = _bounds(question.dice) if question.kind == "roll" else (None, None)
    return QuestionView(
        question.kind, text, question.fact, question.override, hint, choices, None, label, against, spelt, dice,
        roll_adds(session), low, high, tuple(o.value for o in question.unlisted),
    )  # fmt: skip


def default_label(question: Question, best: str | None = None) -> str | None:
    """What Enter answers, as the choice's label (`Torso` for `torso`); None when Enter takes nothing.
    `best`: the best-scored option Enter takes when the choice has no default (engine/ahead.py)."""
    default = question.default if question.default is not None else best
    return question.label(default) if default is not None else None


def _hint(question: Question) -> str | None:
    if question.kind == "roll":
        return f"type the total the dice show ({_range(question.dice)}), or Enter to roll"
    if question.kind == "number":
        return "type a whole number"
    return None


def _range(dice: str | None) -> str:
    """`1d6+2: 3 to 8`: what the dice can show, so that nobody types the dice without the +2."""
    try:
        parsed = Dice.parse(dice or "")
    except DiceError:
        return dice or "the dice"
    return f"{dice}: {parsed.low} to {parsed.high}"


def _bounds(dice: str | None) -> tuple[int | None, int | None]:
    try:
        parsed = Dice.parse(dice or "")
    except DiceError:
        return None, None
    return parsed.low, parsed.high


def _next(program: Program, decision: Decision) -> str:
    why = f"  ({decision.why})" if decision.why and decision.why != "go" else ""
    if decision.kind == "jump" and decision.target in program.steps:
        return f"{decision.target} {program.steps[decision.target].title}{why}"
    return decision.describe()
