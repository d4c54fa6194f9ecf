"""Screens as text: a step with its question, `where am I`, help, and the end-of-run summary.

Pure functions of the session; the terminal prints what they return.  Colour is ANSI,
chosen by the caller (a tty without NO_COLOR).
"""

from __future__ import annotations

from checklist import model as m
from checklist.graph.program import Program
from checklist.model.decks import card_for, card_text
from checklist.run.questions import Question
from checklist.run.refs import describe as describe_ref
from checklist.run.scopes import RANK
from checklist.run.session import Session
from checklist.run.state import Decision, Known, Visit

KEYS = "number or name answers · b back · o override · w where · ? help · q save and quit"
HELP = """\
Keys (type, then Enter):
  1, 2, ...   choose that answer; a name (or its start) works too: `parry`, `par`, `y`, `n`
  Enter       go on from a step that asks nothing
  r           roll the dice of a roll question (or type the result of a physical roll)
  b           back: undo the last answer (as often as you like, back to the start)
  o           override: answer again a fact this step took as known (`o stunned` names it)
  w           where am I: the path so far, the active splits, the known facts
  ?           this help
  q           save the session and quit (resume with `checklist run --resume FILE`)
Splits ask how many branches and their names: `2: Bob, Ann`, `Bob, Ann`, `2`, or `0` to skip.
Ctrl-C or end of input also save the session before leaving."""

_STYLE = {
    "title": "\x1b[1m", "dim": "\x1b[2m", "ref": "\x1b[36m", "known": "\x1b[33m",
    "error": "\x1b[1;31m", "question": "\x1b[1;32m", "head": "\x1b[1;34m",
}  # fmt: skip
_RESET = "\x1b[0m"


class Painter:
    """Wraps text in an ANSI style when colour is on."""

    __slots__ = ("colour",)

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, style: str) -> str:
        return f"{_STYLE[style]}{text}{_RESET}" if self.colour and text else text


def step_screen(session: Session, paint: Painter) -> str:
    """The current step: where it sits, its prose and refs, what is known, and the question."""
    state = session.state
    step = session.step
    program = session.program
    checklist = program.checklists[step.checklist]
    section = next((s.title for s in checklist.sections if s.name == step.section), None)
    head = f"{checklist.title}" + (f" › {section}" if section else "")
    lines = ["", paint(f"── {head} " + "─" * max(3, 60 - len(head)), "head")]
    title = f"{step.key}  {step.title}"
    branch = state.last.branch if state.last else ""
    resumed = state.last.resumed if state.last else False
    lines.append(paint(title, "title") + (paint(f"   [{branch}]", "dim") if branch else ""))
    if state.roster is not None:
        roster = state.roster
        lines.append(paint(f"   round {roster.round}, {roster.actor.name}'s turn · "
                           + " · ".join(roster.describe(i) for i in range(len(roster.sheets))), "dim"))  # fmt: skip
    if resumed:
        lines.append(paint("   (back here after the split)", "dim"))
    lines.extend(f"   {line}" for line in step.prose)
    if step.refs:
        lines.append("   " + paint("refs: " + "; ".join(describe_ref(r) for r in step.refs), "ref"))
    for use in step.uses:
        table = program.tables.get(use.table)
        lines.append(paint(f"   see table: {table.title if table else use.table}", "dim"))
    for option in step.options:
        fact = program.facts.get(option.fact)
        if fact is not None:
            lines.append(paint(f"   options ({fact.name}): {', '.join(fact.choices)}", "dim"))
    known = state.known()
    ledgers = [a.ledger for a in step.actions if isinstance(a, m.Add)]
    for name in dict.fromkeys([*state.consulted, *ledgers]):
        if name in known and known[name].lines:
            lines.extend("   " + paint(line, "known") for line in ledger_lines(program, known[name], known))
        elif name in known and name in state.consulted:
            lines.append("   " + paint(f"known: {name} = {known[name].value}  ({_how(known[name])})", "known"))
    lines.extend(card_lines(session, paint))
    if state.question is not None:
        lines.extend(question_lines(session, state.question, paint))
    return "\n".join(lines)


def _how(known: Known) -> str:
    where = f" at {known.step}" if known.step else ""
    if known.how == "computed":
        return f"worked out{where}: {known.work}"
    said = {"set": "set on the command line", "asked": f"answered{where}", "rolled": f"rolled{where}",
            "override": f"overridden{where}", "ledger": f"summed{where}"}  # fmt: skip
    return said[known.how] + f", per {known.scope}"


def ledger_lines(program: Program, ledger: Known, known: dict[str, Known]) -> list[str]:
    """A ledger as its visible lines: each value, what it is, where it was added; then the total."""
    decl = program.facts.get(ledger.fact)
    title = decl.question if decl is not None else ledger.fact
    out = [f"{title} ({ledger.fact}):"]
    total: int | None = ledger.adjust
    for fact, step in ledger.lines:
        line = known.get(fact)
        value = line.value if line is not None else "?"
        total = total + value if isinstance(value, int) and total is not None else None
        what = program.facts[fact].question if fact in program.facts else fact
        source = f"step {step.rpartition('.')[2]}"
        refs = program.facts[fact].refs if fact in program.facts else ()
        if refs:
            source += ", " + ", ".join(str(r) for r in refs)
        out.append(f"  {_signed(value):>4}  {what}  [{fact}; {source}]")
    if ledger.adjust:
        out.append(f"  {_signed(ledger.adjust):>4}  correction typed by the game master")
    shown = "?" if total is None else total  # from the lines shown, so the two always agree
    out.append(f"  {'= ' + str(shown):>6}  {title}")
    return out


def _signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def card_lines(session: Session, paint: Painter) -> list[str]:
    """The cards a step shows: the card its fact's value names, once the fact is known."""

    out: list[str] = []
    known = session.state.known()
    for show in session.step.cards:
        value = known.get(show.fact)
        deck = session.program.decks.get(show.deck)
        card = card_for(deck, str(value.value)) if deck is not None and value is not None else None
        if card is not None:
            out.append(paint(f"   ┌ {deck.title if deck else ''} card", "dim"))
            out.extend("   │ " + line for line in card_text(card))
            out.append(paint("   └", "dim"))
    return out


def question_lines(session: Session, question: Question, paint: Painter) -> list[str]:
    lines: list[str] = []
    if question.kind == "continue":
        decision = session.state.decision
        if decision is not None:
            lines.append(paint(f"   next: {_next(session, decision)}", "dim"))
        lines.append(paint("Press Enter to go on.", "question"))
        return lines
    prefix = "Override: " if question.override else ""
    lines.append(paint(prefix + question.text, "question"))
    if question.kind == "roll":
        lines.append(f"   type the {question.dice} roll, or r to roll")
    elif question.kind == "number":
        lines.append("   type a whole number")
    elif not question.options:
        pass
    elif len(question.options) <= 3 and all(len(o.label) < 20 for o in question.options):
        lines.append("   " + "   ".join(f"{i}) {o.label}" for i, o in enumerate(question.options, 1)))
    else:
        lines.extend(f"   {i:>2}) {o.label}" for i, o in enumerate(question.options, 1))
    return lines


def _next(session: Session, decision: Decision) -> str:
    why = f"  ({decision.why})" if decision.why and decision.why != "go" else ""
    if decision.kind == "jump" and decision.target in session.program.steps:
        return f"{decision.target} {session.program.steps[decision.target].title}{why}"
    return decision.describe()


def prompt(session: Session) -> str:
    question = session.question
    if question is None:
        return "> "
    return "[Enter] > " if question.kind == "continue" else "> "


def where(session: Session, session_file: str | None, paint: Painter) -> str:
    state = session.state
    program = session.program
    step = session.step
    lines = [paint(f"Where: {step.key} {step.title} ({program.checklists[step.checklist].title})", "title")]
    visits = [v.step for v in state.trace]
    shown = visits[-12:]
    more = f"... ({len(visits) - len(shown)} earlier) " if len(visits) > len(shown) else ""
    lines.append(f"Path: {more}{' → '.join(shown)}")
    if state.frames:
        lines.append("Splits (innermost last):")
        for frame in state.frames:
            ends = f"ends at {frame.until}" if frame.until else "ends at a return"
            back = f", then back to {frame.step}" if frame.returns or frame.until is None else ""
            rest = frame.names[frame.index + 1 :]
            nxt = f"; next: {', '.join(rest)}" if rest else ""
            lines.append(f"  {frame.step}: {frame.label}{nxt}; {ends}{back}")
    else:
        lines.append("Splits: none")
    if state.facts:
        lines.append("Known facts:")
        for known in sorted(state.facts, key=lambda k: (RANK[k.scope], k.fact)):
            lines.append(f"  {known.scope:<8} {known.fact} = {known.value}  ({_how(known)})")
    else:
        lines.append("Known facts: none")
    heads = " · ".join(f"{scope} {', '.join(sorted(keys)) or '-'}" for scope, keys in session.scopes.heads.items())
    lines.append(paint(f"New scope at: {heads}", "dim"))
    if session_file:
        lines.append(paint(f"Session file: {session_file}", "dim"))
    return "\n".join(lines)


def summary(session: Session, paint: Painter) -> str:
    state = session.state
    program = session.program
    finish = state.finished
    assert finish is not None
    last = state.last.step if state.last else "?"
    if finish.kind == "end":
        label = f" ({finish.label})" if finish.label else ""
        lines = [paint(f"== The flow ended at {last}{label} ==", "title")]
    else:
        lines = [paint(f"== The flow stopped at {last}: {finish.label} ==", "error"), "   b goes back"]
    trace = state.trace
    distinct = len({v.step for v in trace})
    lines.append(f"Steps visited: {len(trace)} ({distinct} different)")
    if state.facts:
        lines.append("Facts known at the end: " + ", ".join(f"{k.fact} = {k.value}" for k in state.facts))
    lines.append("Trace:")
    for number, visit in enumerate(trace, 1):
        lines.extend(_visit_lines(number, visit, program))
    refs = _all_refs(trace, program)
    if refs:
        lines.append("References:")
        lines.extend(f"  {r}" for r in refs)
    return "\n".join(lines)


def _visit_lines(number: int, visit: Visit, program: Program) -> list[str]:
    step = program.steps[visit.step]
    branch = f" [{visit.branch}]" if visit.branch else ""
    back = " (back after split)" if visit.resumed else ""
    lines = [f"  {number:>3}. {visit.step} {step.title}{back}{branch}  {visit.outcome}".rstrip()]
    if visit.used:
        used = (f"{f} = {v}" + (" (known)" if how == "set" else "") for f, v, how in visit.used)
        lines.append("       " + ", ".join(used))
    if step.refs and not visit.resumed:
        lines.append("       refs: " + ", ".join(str(r) for r in step.refs))
    return lines


def _all_refs(trace: tuple[Visit, ...], program: Program) -> list[str]:
    seen: dict[str, str] = {}
    for visit in trace:
        for ref in program.steps[visit.step].refs:
            seen.setdefault(str(ref), describe_ref(ref))
    return list(seen.values())
