"""The page as HTML, from the views alone: the shell, and the part every answer replaces (#play).

Layout only, as paint.py is for the terminal: every word and number comes from a view of
present/ (Screen, ChartView, FightView, SummaryView). Every text is escaped here, whatever it is,
since titles, prose, names and values come from a flow or a roster. The only scripts are our
own two files (htmx and serve.js), and the page's Content-Security-Policy allows no other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from checklist.present.chart import StepView
from checklist.present.player import PlayerView
from checklist.present.rolls import roll_line
from checklist.present.screen import QuestionView, RefView, Screen
from checklist.present.summary import SummaryView
from checklist.present.worked import worked_text
from checklist.web.game import View
from checklist.web.panels import (
    cards_html,
    combatant_html,
    done_html,
    e,
    fight_html,
    ledgers_html,
    log_html,
    roster_html,
    summary_html,
)

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    from checklist.model.frozen import dataclass

HTMX_CONFIG = '{"includeIndicatorStyles": false, "allowEval": false, "allowScriptTags": false}'
YES_NO = {"yes": "y", "no": "n"}  # keys for the choices named so, besides their numbers
POLL = "every 500ms"  # how often a page asks for news: another page's answer shows within a second


@dataclass(frozen=True, slots=True)
class Join:
    """A player's link, for the game master's page: the address, and its QR code as SVG (or "")."""

    name: str
    url: str
    qr: str = ""


def _news(route: str, target: str) -> str:
    """The element that asks for news (GET route?v=the version shown, #version's value, every 500 ms)
    and swaps `target` when the game changed; outside `target`, so no answer waits on it."""
    return (
        f'<div id="news" hidden hx-get="{e(route)}" hx-trigger="{POLL}" hx-include="#version" '
        f'hx-target="{target}" hx-swap="outerHTML" hx-sync="this:drop"></div>\n'
    )


def _version(version: int) -> str:
    return f'<input type="hidden" id="version" name="v" value="{version}">'


def _shell(title: str, token: str, body: str) -> str:
    headers = e('{"X-Checklist-Token": "' + token + '"}')
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="htmx-config" content="{e(HTMX_CONFIG)}">\n'
        f"<title>{e(title)} · checklist</title>\n"
        '<link rel="stylesheet" href="/static/serve.css">\n'
        '<script src="/static/htmx.min.js" defer></script>\n<script src="/static/serve.js" defer></script>\n'
        f'</head>\n<body hx-headers="{headers}">\n{body}</body>\n</html>\n'
    )


def page(view: View, chart: str, token: str, title: str, joins: tuple[Join, ...] = ()) -> str:
    """The whole page: the shell around #play (and, with players, their links and the news)."""
    extra = (_news("/poll", "#play") + joins_html(joins)) if joins else ""
    return _shell(title, token, f"{play(view, chart, token)}\n{extra}")


def joins_html(joins: tuple[Join, ...]) -> str:
    """The players' links, each as text and as a QR code to scan with a phone; folded."""
    items = "".join(
        f'<li><span class="name">{e(j.name)}</span> <a href="{e(j.url)}" class="join-url">{e(j.url)}</a>'
        + (f'<span class="qr" role="img" aria-label="QR code of {e(j.name)}\u2019s link">{j.qr}</span>' if j.qr else "")
        + "</li>"
        for j in joins
    )
    return (
        f'<details class="joins" id="joins"><summary>Players\u2019 links ({len(joins)})</summary>'
        f'<ul class="join-list">{items}</ul></details>\n'
    )


def player_page(view: PlayerView, token: str, title: str) -> str:
    """A player's own page: the shell around #mine, and the news."""
    route = f"/p/{token}/poll"
    return _shell(f"{view.name} · {title}", token, f"{mine(view, token)}\n{_news(route, '#mine')}")


def mine(view: PlayerView, token: str) -> str:
    """#mine: the player's combatant (HP, FP, shock, posture, conditions), whose turn it is, the roll
    just made, and their question when it is theirs (else whose answer the table waits for)."""
    out = [f'<h1 id="step-title">{e(view.name)}</h1>']
    if view.card is not None:
        out.append(f'<ol class="combatants mine-card">{combatant_html(view.card)}</ol>')
    if view.turn:
        out.append(f'<p class="round">Round {e(view.round)}, <strong>{e(view.turn)}</strong>\u2019s turn</p>')
    if view.roll is not None:
        out.append(f'<p class="roll" id="roll">{e(roll_line(view.roll))}</p>')
    out.append(messages_html(view.messages))
    if view.over:
        out.append('<p class="waiting" id="waiting">The fight is over.</p>')
    elif view.question is not None:
        out.append('<p class="yours" id="yours"><strong>Your answer</strong>, please:</p>')
        out.append(question_html(view.question, token, f"p/{token}/answer", "#mine", view.version))
    else:
        whose = f"{view.waiting}\u2019s answer" if view.waiting else "the game master"
        out.append(f'<p class="waiting" id="waiting">Waiting for {e(whose)}.</p>')
    return (
        f'<main id="mine" class="mine" data-version="{view.version}" aria-labelledby="step-title">'
        f"{_version(view.version)}\n{''.join(out)}\n</main>"
    )


def play(view: View, chart: str, token: str) -> str:
    """#play: the roster, the question (or the end), the ledgers, the flowchart and the log.

    The table view folds the flowchart (one tap away: a game master mid-fight reads the question
    and the number to roll against); --learn opens it beside the question."""
    turn = turn_html(view.screen, view, token) if view.screen is not None else _end_html(view, token)
    roster = ""
    if view.screen is not None and view.screen.roster:  # the end shows the fight's table instead
        roster = roster_html(view.screen.roster, _quick_forms(view, token))
    side = ledgers_html(view.screen) + cards_html(view.screen) if view.screen is not None else ""
    mode, opened = ("learn", " open") if view.learn else ("table", "")
    return (
        f'<main id="play" class="play {mode}" data-step="{e(view.chart.current)}" data-version="{view.version}">\n'
        f"{_version(view.version)}{roster}"
        f'<section class="turn" aria-labelledby="step-title">\n{turn}</section>\n'
        f'<section class="detail" aria-label="Ledgers and cards" tabindex="0">{side}</section>\n'
        f'<details class="chart-pane" id="chart-pane"{opened}><summary>Flowchart <kbd>f</kbd></summary>\n'
        '<div class="chart-box" tabindex="0" '
        f'aria-label="Flowchart of this section; the current step is lit">{chart}</div>\n'
        '<div id="step-prose" class="step-prose" aria-live="polite"></div>\n</details>\n'
        f'<section class="log" aria-label="Combat log" tabindex="0">{log_html(view.fight)}</section>\n'
        "</main>"
    )


def _quick_forms(view: View, token: str) -> dict[str, str]:
    """Each combatant's buttons for the common corrections (present/quick.py): the terminal's `o FACT`."""
    out: dict[str, str] = {}
    for fix in view.quick:
        button = (
            f'<button type="submit" name="fact" value="{e(fix.fact)}" '
            f'aria-label="Correct {e(fix.combatant)}: {e(fix.label)} ({e(fix.fact)})">✎ {e(fix.label)}</button>'
        )
        out[fix.combatant] = out.get(fix.combatant, "") + button
    return {
        name: _form("override", token, buttons, "quick", f"Correct {name}", version=view.version)
        for name, buttons in out.items()
    }


def turn_html(s: Screen, view: View, token: str) -> str:
    where = e(s.checklist) + (f" › {e(s.section)}" if s.section else "")
    branch = f' <span class="branch">[{e(s.branch)}]</span>' if s.branch else ""
    out = [
        f'<p class="where">{where}{branch}</p>',
        f'<h1 id="step-title"><span class="number">{e(s.number)}</span> {e(s.title)}</h1>',
    ]
    if view.done:  # what the tool did by itself on the way here (--roll auto, --autopilot)
        out.append(done_html(view.done))
    if s.refs:
        out.append(f'<p class="refs">refs: {refs_html(s.refs)}</p>')
    if s.roll is not None:
        out.append(f'<p class="roll" id="roll">{e(roll_line(s.roll))}</p>')
        if s.roll.then:
            out.append(f'<p class="roll-then">→ {e(s.roll.then)}</p>')
    if s.passed:
        out.append(f'<p class="passed">→ {e(" · ".join(s.passed))}</p>')
    out.extend(f'<p class="worked">{e(worked_text(w))}</p>' for w in s.worked)
    if s.assumed:
        said = " · ".join(f"{fact} {value}" for fact, value in s.assumed)
        out.append(f'<p class="assumed">assumed: {e(said)}</p>')
    if s.resumed:
        out.append('<p class="passed">(back here after the split)</p>')
    out.append(messages_html(s.messages))
    if view.waiting:  # a player may answer this on their own page; the game master may answer instead
        out.append(
            f'<p class="waiting" id="waiting">Waiting for <strong>{e(view.waiting)}</strong>\u2019s answer '
            "on their page; or answer here for them.</p>"
        )
    if s.question is not None:
        out.append(question_html(s.question, token, version=view.version))
    out.append(_controls(view, view.fixes, token))
    if s.prose:
        prose = "".join(f"<p>{e(line)}</p>" for line in s.prose)
        out.append(
            f'<details class="prose" id="prose"><summary>The rule\'s text <kbd>p</kbd></summary>{prose}</details>'
        )
    return "\n".join(out) + "\n"


def refs_html(refs: tuple[RefView, ...]) -> str:
    return ", ".join(f'<abbr title="{e(r.described)}">{e(r.short)}</abbr>' for r in refs)


def messages_html(messages: tuple[str, ...]) -> str:
    items = "".join(f"<li>{e(m)}</li>" for m in messages)
    return f'<ul class="messages" id="messages" role="alert">{items}</ul>'


def _form(
    action: str,
    token: str,
    body: str,
    css: str = "",
    label: str = "",
    target: str = "#play",
    version: int | None = None,
) -> str:
    """A form that posts to /action (htmx: swapping `target`); `version`: the game's version it was made at,
    so an answer sent after another page changed the question is not taken for the new one."""
    labelled = f' aria-label="{e(label)}"' if label else ""
    sent = f'<input type="hidden" name="v" value="{version}">' if version is not None else ""
    # hx-sync: a second click while an answer is on its way is dropped, not taken for the next question
    return (
        f'<form class="{css}" method="post" action="/{action}" hx-post="/{action}" hx-target="{target}" '
        f'hx-swap="outerHTML" hx-sync="{target}:drop"{labelled}>'
        f'<input type="hidden" name="token" value="{e(token)}">{sent}{body}</form>'
    )


def question_html(
    q: QuestionView, token: str, action: str = "answer", target: str = "#play", version: int | None = None
) -> str:
    """The question, its choices as buttons (1-9, y/n), a field for a typed roll or number, Enter."""
    fact = f' data-fact="{e(q.fact)}"' if q.fact else ""
    ask = f'<p class="ask" id="ask" data-kind="{e(q.kind)}"{fact}>{"Override: " if q.override else ""}{e(q.text)}</p>'
    if q.kind == "continue":
        following = f'<p class="next">next: {e(q.next)}</p>' if q.next else ""
        button = (
            '<button type="submit" name="answer" value="" data-key="enter" class="go">Go on <kbd>Enter</kbd></button>'
        )
        return _form(action, token, ask + following + button, "question", "Go on", target, version)
    parts = [ask]
    if q.against is not None:  # the number to roll against, before the roll (a tablet showed it only after)
        parts.append(f'<p class="against" id="against">succeeds on <strong>{e(q.against)}</strong></p>')
    if q.adds is not None:  # what the rules add to the roll after it (All-Out Attack, Strong)
        parts.append(f'<p class="adds">then adds {e(q.adds)}</p>')
    if q.hint is not None:
        parts.append(f'<p class="hint">{e(q.hint)}</p>')
    default = ""
    if q.default is not None and q.kind != "roll":  # what Enter answers, as in the terminal's `[Enter: torso]`
        default = (
            f'<button type="submit" name="answer" value="" data-key="enter" class="default">'
            f"{e(q.default)} <kbd>Enter</kbd></button>"
        )
    typed = q.kind in ("roll", "number") or not q.choices
    if not typed:  # above the choices: a phone shows it without scrolling past a long menu (17 maneuvers)
        parts.append(default)
    if typed:
        field = (
            '<span class="typed"><label for="typed">Your answer</label> '
            '<input id="typed" name="typed" autocomplete="off" inputmode="text" maxlength="200">'
            '<button type="submit">OK</button></span>'
        )
        parts.append(field)
    if q.kind == "roll":
        parts.append(
            '<button type="submit" name="answer" value="r" data-key="r" class="roll-button" id="roll-button">'
            "Roll <kbd>r</kbd> <kbd>Enter</kbd></button>"
        )
        parts.append(keypad_html(q))
    if typed:  # after the field's OK: Enter in the field submits the form by its first button, OK (what was typed)
        parts.append(default)
    if q.choices:
        buttons = []
        for c in q.choices:
            keys = [c.key] if len(c.key) == 1 else []
            keys += [YES_NO[c.value]] if c.value in YES_NO else []
            data = f' data-key="{e(keys[0])}"' if keys else ""
            data += f' data-alt="{e(keys[1])}"' if len(keys) > 1 else ""
            shown = "".join(f"<kbd>{e(k)}</kbd>" for k in keys)
            score = f' <span class="score">{c.score}</span>' if c.score is not None else ""  # dodge 9
            label = f'{shown} <span class="text">{e(c.label)}</span>{score}'
            buttons.append(f'<button type="submit" name="answer" value="{e(c.key)}"{data}>{label}</button>')
        parts.append(f'<div class="choices">{"".join(buttons)}</div>')
    if q.unlisted:  # the allies, whom the terminal takes when their whole name is typed
        allies = "".join(f'<button type="submit" name="answer" value="{e(n)}">{e(n)}</button>' for n in q.unlisted)
        parts.append(f'<details class="unlisted"><summary>An ally</summary>{allies}</details>')
    return _form(action, token, "".join(parts), "question", "Answer", target, version)


def keypad_html(q: QuestionView) -> str:
    """Digits for the physical dice's total, no soft keyboard: serve.js types them into the field and
    sends the answer as soon as no other digit could follow within the dice's range (1, 0 is 10 of 3d6)."""
    if q.low is None or q.high is None:
        return ""
    digits = "".join(
        f'<button type="button" data-digit="{d}" aria-label="digit {d}">{d}</button>' for d in (*range(1, 10), 0)
    )
    return (
        f'<div class="keypad" role="group" aria-label="The dice\'s total, {q.low} to {q.high}" '
        f'data-low="{q.low}" data-high="{q.high}">{digits}'
        '<button type="button" data-digit="clear" aria-label="clear">⌫</button>'
        '<button type="submit" class="keypad-ok">OK</button></div>'
    )


def _controls(view: View, overridable: tuple[str, ...], token: str) -> str:
    """Back (b), End (e), and a button to correct each known fact the step read that no card offers
    (the terminal's `o FACT`)."""
    back = _form(
        "undo",
        token,
        f'<button type="submit" data-key="b"{"" if view.can_undo else " disabled"}>Back <kbd>b</kbd></button>',
        "undo",
        "Back",
        version=view.version,
    )
    end = ""
    if view.can_end:
        end = _form(
            "end",
            token,
            '<button type="submit" data-key="e">End the fight <kbd>e</kbd></button>',
            "end",
            "End",
            version=view.version,
        )
    if not overridable:
        return f'<div class="controls">{back}{end}</div>'
    buttons = "".join(f'<button type="submit" name="fact" value="{e(f)}">{e(f)}</button>' for f in overridable)
    fix = _form("override", token, buttons, "override", "Correct a known fact", version=view.version)
    summary = f"Correct a known fact ({len(overridable)})"
    return f'<div class="controls">{back}{end}<details class="fix"><summary>{summary}</summary>{fix}</details></div>'


def _end_html(view: View, token: str) -> str:
    summary: SummaryView | None = view.summary
    out = [summary_html(summary) if summary is not None else ""]
    out += [f'<p class="worked">{e(worked_text(w))}</p>' for w in summary.worked] if summary is not None else []
    out += [done_html(view.done)] if view.done else []  # the tool's last steps led here (--autopilot)
    out.append(messages_html(view.messages))
    out.append(_controls(view, (), token))
    if summary is not None and summary.fight is not None:
        out.append(fight_html(summary.fight))
    out.append(f'<p class="saved">Session saved in {e(view.session_file)}.</p>')
    return "\n".join(out) + "\n"


def step_html(view: StepView | None) -> str:
    """A step's prose, for a click on the flowchart."""
    if view is None:
        return '<p class="hint">No such step.</p>'
    section = f" ({e(view.section)})" if view.section else ""
    prose = "".join(f"<p>{e(line)}</p>" for line in view.prose) or '<p class="hint">No text.</p>'
    refs = f'<p class="refs">refs: {refs_html(view.refs)}</p>' if view.refs else ""
    return f"<h2>{e(view.step)} {e(view.title)}{section}</h2>{prose}{refs}"
