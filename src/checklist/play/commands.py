"""The commands a person types or clicks, handled once, with their replies in words.

The terminal hands over every line it reads; the web page hands over an answer, Back and an
override button. Each gets a Reply of plain data and only paints it: neither parses a command
nor words a message. The session is saved after every change, before the reply is painted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Literal

from checklist.engine.ahead import scored_for_enter
from checklist.engine.questions import BadAnswer
from checklist.engine.session import Session
from checklist.engine.state import CannotGoOn, SessionError
from checklist.model.names import did_you_mean
from checklist.present.screen import screen

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

Show = Literal["step", "question", "nothing"]
Panel = Literal["help", "prose", "where"]
HELP_KEYS = ("?", "h", "help")
MAX_LISTED = 6  # facts a `which one?` names
END_FACT = "combat-over"  # flow/combat.flow: its `yes` at the end of a turn (step 135) ends the fight


# `?` at the terminal: the commands handle() takes, in words (the page shows buttons instead)
TERMINAL_HELP = """\
Keys (type, then Enter):
  1, 2, ...   choose that answer; a name (or its start) works too: `parry`, `par`, `y`, `n`
  Enter       go on from a step that asks nothing
  r           roll the dice of a roll question (or type the result of a physical roll)
  b           back: undo the last answer (as often as you like, back to the start)
  o           override: answer again a fact this step took as known (`o stunned`, or `o stun`)
  e           end the fight (the foes fled or surrendered): now, or at the end of this turn
  p           the rule's text of this step (the table view leaves it out)
  w           where am I: the path so far, the active splits, the known facts
  ?           this help
  q           save the session and quit (resume with `checklist run --resume FILE`)
Splits ask how many branches and their names: `2: Bob, Ann`, `Bob, Ann`, `2`, or `0` to skip.
Ctrl-C or end of input also save the session before leaving."""


@dataclass(frozen=True, slots=True)
class Keys:
    """How a front end names its commands, for the replies that point to them."""

    stopped: str  # the flow is over and something was typed: what can still be done
    list_facts: str  # how to see the facts an override can name
    recover: str  # after an answer the flow cannot work with
    give: str  # how to give a fact nobody gave ({fact})


TERMINAL = Keys(
    stopped="b goes back, q saves and quits",
    list_facts="`o` alone lists the facts used here",
    recover="answer again, override a fact (o FACT) or go back (b)",
    give="give it with o {fact}",
)
PAGE = Keys(
    stopped="Back goes back one answer",
    list_facts="the Correct buttons name the facts used here",
    recover="answer again, correct a fact (Correct) or go back (Back)",
    give="correct the fact that needs it",
)


@dataclass(frozen=True, slots=True)
class Reply:
    """What a command did, for a front end to paint."""

    show: Show  # step: the new screen in full; question: the question again; nothing more
    errors: tuple[str, ...] = ()  # why it could not be done, and what to do instead
    done: str = ""  # what it did, in a few words ("went back one answer")
    panel: Panel | None = None  # a text to show before the question: help, the rule's prose, where am I
    quit: bool = False  # the person asked to save and stop


class Commands:
    """One session's commands: `handle` takes a typed line; the others are the page's buttons."""

    def __init__(self, session: Session, save: Callable[[], None], keys: Keys = TERMINAL) -> None:
        self.session = session
        self.save = save
        self.held = False  # after `b` or `o`: the question is the person's, even an NPC's (play/pilot.py)
        self.keys = keys

    def handle(self, line: str) -> Reply:
        """A line as typed: a command (q, ?, p, w, b, o FACT), or else an answer."""
        text = line.strip()
        key = text.lower()
        if key == "q":
            return Reply("nothing", quit=True)
        if key in HELP_KEYS:
            return Reply("question", panel="help")
        if key == "p" and self.session.finished is None:
            return Reply("question", panel="prose")
        if key == "w":
            return Reply("question", panel="where")
        if key == "b":
            return self.undo()
        if key == "o" or key.startswith("o "):
            return self._o(text[1:].strip())
        if key == "e":
            return self.end_fight()
        return self.answer(text)

    def answer(self, text: str) -> Reply:
        if self.session.finished is not None:
            return Reply("nothing", (f"the flow stopped here: {self.keys.stopped}",))
        best = None if text.strip() else scored_for_enter(self.session)  # Enter without a default: the best defense
        reply = self._act(lambda: self.session.answer(text.strip()) if best is None else self.session.give(best))
        self.held = self.held and bool(reply.errors)  # answered: the tool may act again
        return reply

    def end_fight(self) -> Reply:
        """The game master ends the fight early: `combat-over` is yes where the turn ends, so the run
        goes on to the Post-Combat Checklist there (at once, when this turn has not begun yet)."""
        if self.session.finished is not None:
            return Reply("nothing", (f"the flow stopped here: {self.keys.stopped}",))
        if END_FACT not in self.session.program.facts:
            return Reply("question", (f"this flow has no `{END_FACT}` fact: there is no fight to end",))
        asked = self.override(END_FACT)
        if asked.errors:
            return asked
        reply = self.answer("yes")
        session = self.session
        over = session.finished is not None or session.step.checklist not in session.program.turn_loop
        return reply if reply.errors or over else replace(reply, done="the fight ends at the end of this turn")

    def undo(self) -> Reply:
        if not self.session.undo():
            return Reply("question", ("nothing to undo: this is the start of the session",))
        self.save()
        self.held = True  # else the tool would take the same step again at once, and `b` could not go back
        return Reply("step", done="went back one answer")

    def _o(self, name: str) -> Reply:
        """`o FACT`, or `o` alone: the one fact used here, if there is only one."""
        if not name:
            candidates = screen(self.session).overridable
            if len(candidates) != 1:
                listed = ", ".join(f"`o {c}`" for c in candidates)
                hint = f"which one? {listed}" if candidates else "nothing known was used here; `o FACT` names one"
                return Reply("question", (hint,))
            name = candidates[0]
        return self.override(name)

    def override(self, name: str) -> Reply:
        """Ask the fact `name` (or the one fact its start names, `stun`) again: the answer replaces what the
        step took as known."""
        fact = self._fact_named(name)
        if isinstance(fact, Reply):
            return fact
        reply = self._act(lambda: self.session.override(fact))
        self.held = self.held or not reply.errors  # a roll to correct is typed by the person, not rolled
        return reply

    def _fact_named(self, name: str) -> str | Reply:
        """The fact `name` names: itself, else the one its start names (`stun`: stunned, `mane`: maneuver rather
        than its compounds), among the facts this step used first, then among all; else which ones it could be."""
        facts = self.session.program.facts
        word = name.lower()
        for exact in (name, word):  # `o Shock`: shock, not shock-penalty
            if exact in facts:
                return exact
        for pool in (self.session.overridable(), facts) if word else ():
            found = _started(pool, word)
            if len(found) == 1:
                return found[0]
            if found:
                listed = ", ".join(f"`o {f}`" for f in found[:MAX_LISTED])
                more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
                return Reply("question", (f"`{name[:40]}` could be several facts: {listed}{more}; which one?",))
        close = did_you_mean(name, facts)
        return Reply("question", (f"no fact `{name[:40]}` in this flow{close}; {self.keys.list_facts}",))

    def _act(self, act: Callable[[], None]) -> Reply:
        try:
            act()
        except CannotGoOn as exc:
            give = f": {self.keys.give.format(fact=exc.missing)}" if exc.missing else ""
            return Reply("question", (f"{exc}{give}; {self.keys.recover}",))
        except (BadAnswer, SessionError) as exc:
            return Reply("question", (str(exc),))
        self.save()
        return Reply("step")


def _started(pool: Iterable[str], word: str) -> list[str]:
    """The facts of `pool` whose name starts with `word` (not a fact's whole name), or only the shortest when the
    others are its compounds (`maneuver`, `maneuver-skill`); else those with a word that does."""
    names = list(pool)
    found = [f for f in names if f.startswith(word)]
    if found:
        shortest = min(found, key=len)
        return [shortest] if all(f == shortest or f.startswith(f"{shortest}-") for f in found) else found
    return [f for f in names if any(part.startswith(word) for part in f.split("-"))]
