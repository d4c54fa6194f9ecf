"""The fight's panels as HTML: the roster with HP and FP bars, the ledgers, the cards, the combat log, the end.

Layout only, from the views of present/ (RosterView, LedgerView, CardView, FightView, SummaryView);
every text is escaped.
"""

from __future__ import annotations

from html import escape

from checklist.present.autopilot import Chosen, Done, chosen_line
from checklist.present.conditions import FP_WORDS, HP_WORDS
from checklist.present.fight import FightView
from checklist.present.rolls import roll_line
from checklist.present.screen import CombatantView, LedgerView, RosterView, Screen
from checklist.present.summary import SummaryView
from checklist.present.text import log_text, signed

FOLDED = 8  # more lines of what the tool did than this (a whole fight on autopilot) start folded
HURT = frozenset(HP_WORDS.values())
TIRED = frozenset(FP_WORDS.values())


def e(text: object) -> str:
    return escape(str(text), quote=True)


def _bar(what: str, value: int, most: int | None, name: str, low: float) -> str:
    """HP or FP as a meter, shown low below `low`, with the numbers beside it."""
    if most is None or most <= 0:
        return f'<span class="points">{what} {e(value)}</span>'
    shown = max(0, min(value, most))
    return (
        f'<span class="points">{what} <meter min="0" max="{most}" low="{low:.2f}" optimum="{most}" '
        f'value="{shown}" aria-label="{e(name)} {what} {e(value)} of {most}"></meter> '
        f'<span class="{what.lower()}">{e(value)}/{most}</span></span>'
    )


def _hp_low(c: CombatantView) -> float:
    """Low exactly when the flow's `hp-thresholds` says reeling or worse (present/conditions.py)."""
    return float(c.max_hp or 0) if HURT & set(c.conditions) else 0.0


def _fp_low(c: CombatantView) -> float:
    """Low exactly when the flow's `fp-thresholds` says tired or worse (present/conditions.py)."""
    return float(c.max_fp or 0) if TIRED & set(c.conditions) else 0.0


def combatant_html(c: CombatantView, extra: str = "") -> str:
    """One combatant's card; `extra`: its buttons (the common corrections)."""
    acting = ' class="acting" aria-current="true"' if c.acting else ""
    shock = f'<span class="shock">shock {e(c.shock)}</span>' if c.shock else ""
    conditions = "".join(f'<span class="condition">{e(x)}</span>' for x in c.conditions)
    return (
        f'<li{acting} data-name="{e(c.name)}"><span class="name">{e(c.name)}</span> '
        f"{_bar('HP', c.hp, c.max_hp, c.name, _hp_low(c))} {_bar('FP', c.fp, c.max_fp, c.name, _fp_low(c))} "
        f'<span class="posture">{e(c.posture)}</span>{shock}{conditions}{extra}</li>'
    )


def roster_html(view: RosterView, extra: dict[str, str] | None = None) -> str:
    """Whose turn it is, and the combatants in turn order (`extra`: HTML for a combatant's card, by name)."""
    more = extra or {}
    items = "".join(combatant_html(c, more.get(c.name, "")) for c in view.combatants)
    when = (
        f'<p class="round">Round {e(view.round)}, <strong>{e(view.turn)}</strong>\u2019s turn</p>'
        if view.turn
        else ""  # before or after the fight
    )
    return f'<header class="roster" aria-label="The fight">{when}<ol class="combatants">{items}</ol></header>\n'


def ledger_html(view: LedgerView) -> str:
    rows = "".join(
        f'<tr><td class="value">{e(signed(line.value))}</td><td>{e(line.what)}</td>'
        f'<td class="source">{e(line.fact)}; {e(line.source)}</td></tr>'
        for line in view.lines
    )
    if view.correction:
        rows += (
            f'<tr><td class="value">{e(signed(view.correction))}</td>'
            "<td>correction typed by the game master</td><td></td></tr>"
        )
    total = "?" if view.total is None else view.total
    return (
        f'<table class="ledger" data-fact="{e(view.fact)}"><caption>{e(view.title)} ({e(view.fact)})</caption>'
        f"<thead><tr><th>value</th><th>what</th><th>source</th></tr></thead><tbody>{rows}</tbody>"
        f'<tfoot><tr><td class="value">= {e(total)}</td><td colspan="2">{e(view.title)}</td></tr></tfoot></table>'
    )


def ledgers_html(s: Screen) -> str:
    if not s.ledgers:
        return ""
    return '<div class="ledgers">' + "".join(ledger_html(ledger) for ledger in s.ledgers) + "</div>\n"


def cards_html(s: Screen) -> str:
    out = []
    for card in s.cards:
        lines = card.brief if s.brief and card.brief else card.lines
        body = "".join(f"<p>{e(line)}</p>" for line in lines)
        out.append(f'<aside class="card" aria-label="{e(card.deck)} card">{body}</aside>')
    return "".join(out) + ("\n" if out else "")


def log_html(fight: FightView | None) -> str:
    """The combat log, one event a line (present/text.py's words, as in the terminal), newest first."""
    if fight is None:
        return ""
    if not fight.events:
        return '<h2>Combat log</h2><p class="hint">No attack yet.</p>'
    items = [f'<li data-event="{e(line.event)}">{e(log_text(line))}</li>' for line in reversed(fight.events)]
    return f'<h2>Combat log</h2><ol class="log-lines" reversed>{"".join(items)}</ol>'


def fight_html(fight: FightView) -> str:
    """The combatants at the end of the fight, as a table: the terminal's columns (paint.fight_lines)."""
    rows = "".join(
        f'<tr><th scope="row">{e(c.name)}</th><td>{e(c.hp)}/{e(c.max_hp)}</td><td>{e(c.fp)}/{e(c.max_fp)}</td>'
        f"<td>{e(c.shock)}</td><td>{e(c.posture)}</td><td>{e(', '.join(c.conditions) or '-')}</td>"
        f"<td>{e(', '.join(c.wounds) or '-')}</td></tr>"
        for c in fight.combatants
    )
    return (
        '<table class="fight"><caption>The combatants</caption><thead><tr><th scope="col">name</th>'
        '<th scope="col">HP</th><th scope="col">FP</th><th scope="col">shock</th><th scope="col">posture</th>'
        f'<th scope="col">conditions</th><th scope="col">wounds</th></tr></thead><tbody>{rows}</tbody></table>'
    )


def summary_html(view: SummaryView) -> str:
    if view.kind == "end":
        label = f" ({view.label})" if view.label else ""
        head = f'<h1 id="step-title">The flow ended at {e(view.at)}{e(label)}</h1>'
    else:
        head = f'<h1 id="step-title">The flow stopped at {e(view.at)}</h1><p class="messages">{e(view.label)}</p>'
    return f'{head}<p class="hint">Steps visited: {e(view.visits)} ({e(view.distinct)} different)</p>'


def done_html(done: tuple[Done, ...]) -> str:
    """What the tool did by itself since the last answer, in the terminal's words: each roll (and
    for damage what it did) and each NPC's choice, in order."""
    if not done:
        return ""
    items = []
    for line in done:
        if isinstance(line, Chosen):
            items.append(f'<li class="chosen">{e(chosen_line(line))}</li>')
        else:
            then = f'<span class="roll-then">→ {e(line.then)}</span>' if line.then else ""
            items.append(f'<li class="rolled" data-fact="{e(line.fact)}">{e(roll_line(line))}{then}</li>')
    shown = " open" if len(done) <= FOLDED else ""
    return (
        f'<details class="done" id="done"{shown}><summary>What the tool did by itself ({len(done)})</summary>'
        f'<ol class="done-lines">{"".join(items)}</ol></details>'
    )
