"""The end of a hard fight as plain data, for the golden tests of its painting (terminal, web):
long names (a GCS sheet's `"Fiasco Felicity" Tanner`, shown without the quotes, and one longer
than the name column), every kind of log line, wounds and conditions that do not fit on one line."""

from __future__ import annotations

from checklist.present.fight import CombatantRow, FightView, LogLine

FELICITY = "Fiasco Felicity Tanner"  # ../shared/gcs/v5/Fiasco-Felicity.gcs, the nickname's quotes dropped
SIR = "Sir Tobin of the Long Valley Road"  # longer than the name column


def hard_fight() -> FightView:
    rows = (
        CombatantRow(FELICITY, -3, 13, 9, 12, 0, "lying", ("at 0 HP or less", "unconscious", "mortally wounded"),
                     ("torso 6", "right-arm 7 crippled", "skull 3")),
        CombatantRow(SIR, 12, 14, 11, 11, -2, "standing", ("stunned",), ()),
        CombatantRow("Bruno", 13, 13, 12, 12, 0, "standing", (), ()),
    )  # fmt: skip
    events = (
        LogLine(1, "ready", SIR),
        LogLine(2, "attack", FELICITY, f"{SIR} 17 vs 13: critical failure"),
        LogLine(2, "attack", SIR, f"{FELICITY} 9 vs 14: success"),
        LogLine(2, "defense", FELICITY, "dodge 14 vs 9: failure"),
        LogLine(2, "damage", FELICITY, "8 cut to the right arm (hit 1 of 2)"),
        LogLine(2, "injury", FELICITY, "7 (HP 13 → 6)"),
        LogLine(2, "shock", FELICITY, "-4 to DX and IQ on the next turn"),
        LogLine(2, "major wound", FELICITY, "right arm crippled"),
        LogLine(2, "knockdown", FELICITY, "11 vs 12: success"),
        LogLine(2, "damage", FELICITY, "6 cut to the torso (hit 2 of 2)"),
        LogLine(2, "injury", FELICITY, "9 (HP 6 → -3)"),
        LogLine(2, "knockdown", FELICITY, "15 vs 7: failure"),
        LogLine(2, "stun", FELICITY, "stunned, falls (lying)"),
        LogLine(2, "unconscious", FELICITY, "the knockdown check failed by 5 or more"),
        LogLine(2, "mortal wound", FELICITY, "a death check failed by 1 or 2"),
        LogLine(3, "unconscious", "Bruno", "failed the HT roll to stay conscious"),
        LogLine(3, "death", "Bruno"),
    )
    return FightView(rows, (), events)
