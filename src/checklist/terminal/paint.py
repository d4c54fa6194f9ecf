"""The views of screen.py as terminal text: a step with its question, `where am I`, help, and the summary.

Layout only: every word and number comes from a view, so a front end that draws the same
views (a web page) shows the same thing.  Colour is ANSI, chosen by the caller (a tty
without NO_COLOR); with colour off the text is plain.
"""

from __future__ import annotations

import re
import textwrap

from checklist.engine.session import Session
from checklist.engine.state import Known
from checklist.graph.program import Program
from checklist.present import screen as views
from checklist.present.autopilot import Chosen, Done, chosen_line
from checklist.present.fight import FightView
from checklist.present.rolls import RollView, roll_line
from checklist.present.screen import CardView, LedgerView, QuestionView, RosterView, Screen
from checklist.present.summary import SummaryView, VisitView, summary_view
from checklist.present.text import combatant_text, log_text, signed
from checklist.present.where import WhereView, where_view
from checklist.present.worked import RowView, WorkedView, worked_text

_STYLE = {
    "title": "\x1b[1m",
    "dim": "\x1b[2m",
    "ref": "\x1b[36m",
    "known": "\x1b[33m",
    "error": "\x1b[1;31m",
    "question": "\x1b[1;32m",
    "head": "\x1b[1;34m",
}
_RESET = "\x1b[0m"
COLUMN_CHOICES = 8  # more choices than this: columns, in the table view
INLINE_CHOICES = 3  # up to this many short choices go on one line
SHORT_LABEL = 20


class Painter:
    """Wraps text in an ANSI style when colour is on; `width` is the terminal's (columns of choices fit in it)."""

    __slots__ = ("colour", "width")

    def __init__(self, colour: bool, width: int = 96) -> None:
        self.colour = colour
        self.width = width

    def __call__(self, text: str, style: str) -> str:
        return f"{_STYLE[style]}{text}{_RESET}" if self.colour and text else text


# ---- the step ------------------------------------------------------------------------------


def screen_text(view: Screen, paint: Painter) -> str:
    """The step: where it sits, its prose and refs, what is known, the cards, and the question.
    Brief (the table view): a screen per question, the step on its rule, the ledgers that lead to
    a roll on a line each, no card (`p` shows the rule's text, `w` the facts)."""
    if view.brief:
        return "\n".join(_brief_lines(view, paint))
    head = view.checklist + (f" › {view.section}" if view.section else "")
    lines = ["", paint(f"── {head} " + "─" * max(3, 60 - len(head)), "head")]
    if view.roll is not None:
        lines.append(roll_text(view.roll, paint))
    if view.passed:
        lines.append(paint("→ " + " · ".join(view.passed), "dim"))
    lines.extend(paint(line, "known") for line in worked_lines(view.worked, paint.width, len(view.worked)))
    if view.assumed:
        said = " · ".join(f"{fact} {value}" for fact, value in view.assumed)
        lines.append(paint(f"   assumed: {said}  (o NAME changes one)", "dim"))
    branch = paint(f"   [{view.branch}]", "dim") if view.branch else ""
    lines.append(paint(f"{view.step}  {view.title}", "title") + branch)
    if view.roster is not None:
        lines.append(paint(roster_text(view.roster), "dim"))
    if view.resumed:
        lines.append(paint("   (back here after the split)", "dim"))
    lines.extend(f"   {line}" for line in view.prose)
    if view.refs:
        lines.append("   " + paint("refs: " + "; ".join(r.described for r in view.refs), "ref"))
    lines.extend(paint(f"   see table: {table}", "dim") for table in view.tables)
    lines.extend(paint(f"      {row_line(r)}", "dim") for r in view.rows)
    lines.extend(paint(f"   options ({o.fact}): {', '.join(o.choices)}", "dim") for o in view.options)
    for known in view.known:
        if known.ledger is not None:
            lines.extend("   " + paint(line, "known") for line in ledger_lines(known.ledger))
        else:
            lines.append("   " + paint(f"known: {known.fact} = {known.value}  ({known.how})", "known"))
    for card in view.cards:
        lines.extend(card_lines(card, paint))
    lines.extend(paint(f"  ! {message}", "error") for message in view.messages)
    if view.question is not None:
        lines.extend(question_lines(view.question, paint))
    return "\n".join(lines)


def _brief_lines(view: Screen, paint: Painter) -> list[str]:
    """The table view's screen: `── combat.54 Attack roll ── [defender Ogre]`, the roll just made,
    the status line, the ledgers on a line each (a roll's own is in its `succeeds on`), the question."""
    where = f"── {view.step} {view.title} " + (f"[{view.branch}] " if view.branch else "")
    hint = "  (p: rule)" if view.prose else ""
    lines = [paint(where + "─" * max(3, min(paint.width, 80) - len(where) - len(hint)), "head") + paint(hint, "dim")]
    if view.roll is not None:
        lines.append(roll_text(view.roll, paint))
    lines.extend(paint(line, "known") for line in worked_lines(view.worked, min(paint.width, 80)))
    if view.roster is not None:
        lines.append(paint(roster_text(view.roster, brief=True), "dim"))
    if view.weapon:
        lines.append(paint(f"   with the {view.weapon}  (o weapon: another)", "dim"))
    if view.resumed:
        lines.append(paint("   (back here after the split)", "dim"))
    lines.extend(paint(f"   options ({o.fact}): {', '.join(o.choices)}", "dim") for o in view.options)
    question = view.question
    if question is None or question.kind == "roll":  # a ledger leads to a roll: elsewhere, `w` shows it
        spelt = question.spelt if question is not None else None
        lines.extend(
            "   " + paint(ledger_line(k.ledger), "known")
            for k in view.known
            if k.ledger is not None and k.ledger.fact != spelt
        )
    lines.extend(paint(f"  ! {message}", "error") for message in view.messages)
    if question is not None:
        lines.extend(question_lines(question, paint, brief=True))
    return lines


def worked_lines(views: tuple[WorkedView, ...], width: int = 80, most: int = 3) -> list[str]:
    """`   HP restored 1 = max((restore-dice 3 - 2), 1)`: what each computed fact came to, and how
    when that fits on its line; after `most` of them, how many more (`w` lists every fact)."""
    out = ["   " + worked_text(view, width - 3) for view in views[:most]]
    if len(views) > most:
        out.append(f"   … and {len(views) - most} more worked out (w lists them)")
    return out


def row_line(view: RowView) -> str:
    """`Posture table, Kneeling (attacker-posture): attack -2 · defense -2`."""
    cells = " · ".join(f"{column} {cell}" for column, cell in view.cells)
    return f"{view.table}, row for {view.by}: {cells}"


def roster_text(view: RosterView, brief: bool = False) -> str:
    """The status line: `round 2, Bruno's turn · Alice: HP 10/10 · ...`; the table view's is
    `round 2 · Alice 10/10 · ▶Bruno 9/13, lying`, FP and posture only when not as at the start."""
    if brief:
        when = f"round {view.round} · " if view.turn else ""  # no one's turn before or after the fight
        return "   " + when + " · ".join(("▶" if c.acting else "") + combatant_text(c, brief) for c in view.combatants)
    combatants = " · ".join(combatant_text(c) for c in view.combatants)
    when = f"round {view.round}, {view.turn}'s turn · " if view.turn else ""
    return f"   {when}{combatants}"


def ledger_lines(view: LedgerView) -> list[str]:
    """A ledger as lines: its title, each value with what it is and its source, then the total."""
    out = [f"{view.title} ({view.fact}):"]  # a fact's id: --learn and `w`
    out.extend(f"  {signed(line.value):>4}  {line.what}  [{line.fact}; {line.source}]" for line in view.lines)
    if view.correction:
        out.append(f"  {signed(view.correction):>4}  correction typed by the game master")
    total = "?" if view.total is None else view.total
    out.append(f"  {'= ' + str(total):>6}  {view.title}")
    return out


def ledger_line(view: LedgerView) -> str:
    """A ledger on one line, its lines that are not 0 (the table view): `Effective Parry: 11, -2 shock = 9`."""
    shown = [line for line in view.lines if line.value != 0]
    said = [f"{line.label or line.what} {signed(line.value) if i else line.value}" for i, line in enumerate(shown)]
    if view.correction:
        said.append(f"correction typed by the game master {signed(view.correction)}")
    total = "?" if view.total is None else view.total
    return f"{view.title}: {', '.join(said) or '0'} = {total}"


def card_lines(view: CardView, paint: Painter) -> list[str]:
    return [paint(f"   ┌ {view.deck} card", "dim"), *("   │ " + line for line in view.lines), paint("   └", "dim")]


def prose_text(view: Screen, paint: Painter) -> str:
    """The rule's text of the step and its cards, for `p` in the table view."""
    refs = ["   " + paint("refs: " + "; ".join(r.described for r in view.refs), "ref")] if view.refs else []
    cards = [line for card in view.cards for line in card_lines(card, paint)]
    return "\n".join(
        [paint(f"{view.step}  {view.title}", "title"), *(f"   {line}" for line in view.prose), *refs, *cards]
    )


def question_lines(view: QuestionView, paint: Painter, brief: bool = False) -> list[str]:
    """The question with what to type: the hint, or the numbered choices; `continue` shows the next step.

    Brief (the table view): many choices follow each other on a line, so the screen stays short."""
    lines: list[str] = []
    if view.kind == "continue":
        if view.next is not None:
            lines.append(paint(f"   next: {view.next}", "dim"))
        lines.append(paint("Press Enter to go on.", "question"))
        return lines
    prefix = "Override: " if view.override else ""
    inline = brief and view.dice is not None  # the table view: the dice's range on the question's line
    lines.append(paint(prefix + view.text, "question") + (paint(f"  ({view.dice})", "dim") if inline else ""))
    if view.against is not None:
        lines.append(paint(f"   succeeds on {view.against}", "known"))
    if view.adds is not None:
        lines.append(paint(f"   then adds {view.adds}", "known"))
    choices = view.choices
    if view.hint is not None and not inline:
        lines.append(f"   {view.hint}")
    elif not choices:
        pass
    elif len(choices) <= INLINE_CHOICES and all(len(c.shown) < SHORT_LABEL for c in choices):
        lines.append("   " + "   ".join(f"{c.key}) {c.shown}" for c in choices))
    elif brief and len(choices) > COLUMN_CHOICES:
        lines.extend(_flowing([f"{c.key}) {c.shown}" for c in choices], min(paint.width, 80)))
    else:
        lines.extend(f"   {c.key:>2}) {c.shown}" for c in choices)
    return lines


def _flowing(cells: list[str], width: int) -> list[str]:
    """Cells one after another, as many to a line as fit in `width`: numbered in reading order."""
    lines: list[str] = []
    for cell in cells:
        if lines and len(lines[-1]) + 3 + len(cell) <= width:
            lines[-1] += "   " + cell
        else:
            lines.append("   " + cell)
    return lines


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
_VISIBLE = re.compile(rf"{_ESCAPE.pattern}|(.)", re.S)


def fit(text: str, width: int) -> str:
    """Long lines broken between words to fit a terminal `width` wide (colour codes take no room),
    each continuation indented under its line, so that nothing wraps in the middle of a word."""
    return "\n".join(part for line in text.split("\n") for part in _fit_line(line, max(width, 20)))


def _fit_line(line: str, width: int) -> list[str]:
    at = [m.start() for m in _VISIBLE.finditer(line) if m.group(1) is not None]  # each visible character
    plain = _ESCAPE.sub("", line)
    if len(plain) <= width:
        return [line]
    lead = " " * min(len(plain) - len(plain.lstrip(" ")) + 3, width // 3)
    parts: list[str] = []
    start, begin, room = 0, 0, width  # visible index, raw index of the part (colour codes kept), room
    while len(plain) - start > room:
        cut = plain.rfind(" ", start + 1, start + room + 1)
        cut = cut if cut > start else start + room  # one word longer than the line: cut it
        parts.append(line[begin : at[cut]].rstrip())
        start = next((i for i in range(cut, len(plain)) if plain[i] != " "), len(plain))
        begin, room = at[start - 1] + 1, width - len(lead)
    parts.append(line[begin:])
    return [parts[0], *(lead + p.lstrip(" ") for p in parts[1:] if _ESCAPE.sub("", p).strip())]


def roll_text(roll: RollView, paint: Painter) -> str:
    """The roll just made, and for damage what it did."""
    then = "\n" + paint(f"   → {roll.then}", "known") if roll.then else ""
    return paint(roll_line(roll), "known") + then


def done_text(done: Done, paint: Painter) -> str:
    """What the tool did by itself: a roll, or an NPC's choice (`   Alice: Attack  (autopilot)`)."""
    if isinstance(done, Chosen):
        return paint(f"   {chosen_line(done)}", "known")
    return roll_text(done, paint)


def prompt(question: QuestionView | None) -> str:
    if question is not None and question.kind == "continue":
        return "[Enter] > "
    return f"[Enter: {question.default}] > " if question is not None and question.default is not None else "> "


# ---- where am I ------------------------------------------------------------------------------


def where_text(view: WhereView, paint: Painter) -> str:
    lines = [paint(f"Where: {view.step} {view.title} ({view.checklist})", "title")]
    more = f"... ({view.earlier} earlier) " if view.earlier else ""
    lines.append(f"Path: {more}{' → '.join(view.path)}")
    if view.splits:
        lines.append("Splits (innermost last):")
        for split in view.splits:
            ends = f"ends at {split.until}" if split.until else "ends at a return"
            back = f", then back to {split.back_to}" if split.back_to else ""
            waiting = f"; next: {', '.join(split.waiting)}" if split.waiting else ""
            lines.append(f"  {split.step}: {split.label}{waiting}; {ends}{back}")
    else:
        lines.append("Splits: none")
    if view.facts:
        lines.append("Known facts:")
        lines.extend(f"  {k.scope:<8} {k.fact} = {k.value}  ({k.how})" for k in view.facts)
    else:
        lines.append("Known facts: none")
    heads = " · ".join(f"{h.scope} {', '.join(h.steps) or '-'}" for h in view.heads)
    lines.append(paint(f"New scope at: {heads}", "dim"))
    if view.session_file:
        lines.append(paint(f"Session file: {view.session_file}", "dim"))
    return "\n".join(lines)


# ---- the end of the run ------------------------------------------------------------------------


def summary_text(view: SummaryView, paint: Painter, trace: bool = True) -> str:
    """How the run ended; the fight (with a roster); every step visited (unless `trace` is off)."""
    if view.kind == "end":
        label = f" ({view.label})" if view.label else ""
        lines = [paint(f"== The flow ended at {view.at}{label} ==", "title")]
    else:
        lines = [paint(f"== The flow stopped at {view.at}: {view.label} ==", "error"), "   b goes back"]
    lines[1:1] = [paint(line, "known") for line in worked_lines(view.worked, paint.width)]  # since the last answer
    if view.roll is not None:  # the last roll, with what it was against: the flow ended on it
        lines.insert(0, roll_text(view.roll, paint))
    if view.fight is not None:
        lines.extend(fight_lines(view.fight, paint.width))
    lines.append(f"Steps visited: {view.visits} ({view.distinct} different)")
    if not trace:
        lines.append(paint("   (every step and fact: checklist run --resume SESSION --trace)", "dim"))
        return "\n".join(lines)
    if view.facts:
        lines.append("Facts known at the end: " + ", ".join(f"{k.fact} = {k.value}" for k in view.facts))
    lines.append("Trace:")
    for visit in view.trace:
        lines.extend(_visit_lines(visit))
    if view.refs:
        lines.append("References:")
        lines.extend(f"  {r.described}" for r in view.refs)
    return "\n".join(lines)


NAME_COLUMN = 22  # a longer name goes on a line of its own, above its numbers (the table fits 80 columns)
LOG_INDENT = " " * 11  # a log line's continuation, under the text after `round 12  `


def fight_lines(view: FightView, width: int = 80) -> list[str]:
    """The combatants as a table, then the combat log, one line per event, laid out for `width`
    columns: a long name on a line of its own, conditions and wounds wrapped between words."""
    name = min(NAME_COLUMN, max(len(c.name) for c in view.combatants))
    lines = [f"  {'':{name}}  {'HP':>7}  {'FP':>7}  shock  posture   conditions; wounds"]
    for c in view.combatants:
        if len(c.name) > name:
            lines.append(f"  {c.name}")
        shown = c.name if len(c.name) <= name else ""
        row = f"  {shown:{name}}  {f'{c.hp}/{c.max_hp}':>7}  {f'{c.fp}/{c.max_fp}':>7}  {c.shock:>5}  {c.posture:<9} "
        notes = [", ".join(c.conditions) or "-", *([f"wounds: {', '.join(c.wounds)}"] if c.wounds else [])]
        if len(row + "; ".join(notes)) <= width:
            lines.append((row + "; ".join(notes)).rstrip())
        else:  # the wounds on lines of their own, under the row
            lines.extend(_wrapped(row + notes[0], width, " " * 6))
            for note in notes[1:]:
                lines.extend(_wrapped("      " + note, width, " " * 14))
    if view.events:
        lines.append("Combat log:")
    for event in view.events:
        lines.extend(_wrapped(f"  {log_text(event)}", width, LOG_INDENT))
    return lines


def _wrapped(line: str, width: int, indent: str) -> list[str]:
    """`line` broken between words to fit `width`, its continuations indented by `indent`."""
    if len(line) <= width:
        return [line.rstrip()]
    wrapper = textwrap.TextWrapper(width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
    return [part.rstrip() for part in wrapper.wrap(line)]


def _visit_lines(visit: VisitView) -> list[str]:
    branch = f" [{visit.branch}]" if visit.branch else ""
    back = " (back after split)" if visit.resumed else ""
    lines = [f"  {visit.number:>3}. {visit.step} {visit.title}{back}{branch}  {visit.outcome}".rstrip()]
    if visit.used:
        lines.append(
            "       " + ", ".join(f"{u.fact} = {u.value}" + (" (known)" if u.remembered else "") for u in visit.used)
        )
    if visit.refs:
        lines.append("       refs: " + ", ".join(visit.refs))
    return lines


# ---- shortcuts: view and paint a session in one call (tests, benchmarks) --------------------------


def step_screen(session: Session, paint: Painter) -> str:
    return screen_text(views.screen(session), paint)


def where(session: Session, session_file: str | None, paint: Painter) -> str:
    return where_text(where_view(session, session_file), paint)


def summary(session: Session, paint: Painter) -> str:
    return summary_text(summary_view(session), paint)


def known_ledger_lines(program: Program, ledger: Known, known: dict[str, Known]) -> list[str]:
    """A known ledger as plain lines (no colour)."""
    return ledger_lines(views.ledger_view(program, ledger, known))
