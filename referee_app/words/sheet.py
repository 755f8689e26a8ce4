"""The match sheet: a plain model built from the log, and its HTML.

Everything here is Qt-free; the GUI and the `export --format pdf` command hand
the HTML to Qt to print it. Labels are marked for translation ("Sheet").
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from referee_app.game.events import (
    Break,
    Concede,
    Entry,
    Extension,
    Lag,
    Note,
    Option,
    Penalty,
    PushOut,
    Relag,
    Shot,
    Signed,
    Stalemate,
    Undo,
    Void,
    WarningGiven,
)
from referee_app.game.history import History
from referee_app.game.labels import how_label, lag_fault_label, name, result_label, rules_label
from referee_app.game.played import played_from
from referee_app.game.rules import fouls_of
from referee_app.game.state import State
from referee_app.game.vocab import Choice, Foul, OptionAfter, Seat
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english
from referee_app.log.chain import log_head
from referee_app.words.localtime import local_date, local_hm, local_stamp
from referee_app.words.rounds import round_said
from referee_app.words.wording import describe, foul_labels, joined

CTX = "Sheet"
# Headings, marked here: lupdate does not look inside f-strings.
TITLE = QT_TRANSLATE_NOOP("Sheet", "10-ball match sheet")
RACKS = QT_TRANSLATE_NOOP("Sheet", "Racks")
NO_RACK = QT_TRANSLATE_NOOP("Sheet", "No rack completed.")
CORRECTIONS = QT_TRANSLATE_NOOP("Sheet", "Corrections (undone events)")
SIGNATURES = QT_TRANSLATE_NOOP("Sheet", "Signatures")
LAG = QT_TRANSLATE_NOOP("Sheet", "Lag")
NOT_SIGNED = QT_TRANSLATE_NOOP("Sheet", "Not signed")
ONE_DEVICE = QT_TRANSLATE_NOOP("Sheet", "Both signatures were given on the same phone.")


@dataclass(frozen=True, slots=True)
class RackLine:
    rack: int
    breaker: str
    break_result: str
    push_out: str
    winner: str
    how: str
    fouls_a: int
    fouls_b: int
    warnings: str
    score: str = ""
    """The match score after this rack (A–B)."""
    ended: str = ""
    """When the rack's result was recorded (UTC, as the log has it): a rack-scored sheet shows it."""


@dataclass(frozen=True, slots=True)
class Correction:
    undone_at: str
    seq: int
    what: str
    recorded_at: str


@dataclass(frozen=True, slots=True)
class Sheet:
    match_id: str
    event: str
    round: str
    table: str
    referee: str
    date: str
    started: str
    ended: str
    rules: str
    race_to: int
    players: tuple[str, str]
    score: tuple[int, int]
    winner: str
    result: str
    racks: tuple[RackLine, ...]
    penalties: tuple[str, ...]
    decisions: tuple[str, ...]
    notes: tuple[str, ...]
    corrections: tuple[Correction, ...]
    head_hash: str = ""
    """The log's head hash (SHA-256 chain): the same as `referee-app verify` prints."""
    lag: str = ""
    """Who won the lag, who broke, the loser's lag faults and any re-lags."""
    clock: tuple[str, ...] = ()
    """Extensions taken and time fouls, rack by rack (matches with a shot clock)."""
    licences: tuple[str, str] = ("", "")
    clubs: tuple[str, str] = ("", "")
    in_play: str = ""
    """For a match not finished: the rack in play and who is at the table."""
    timed: bool = False
    """The match was played with a shot clock."""
    void: str | None = None
    """The reason when the match is void (spec 1.2: it counts nowhere; its sheet says so)."""
    by_racks: bool = False
    """Scored by racks (spec 1.3 §2a): the players recorded who won each rack; no stroke is known."""
    signed: tuple[str, str] = ("", "")
    """When each player signed the result (spec 1.3 `sign`, UTC), "" while not signed."""
    one_device: bool = False
    """Both signatures name the same phone (match-log 1.4 `device`): a one-phone table's, or a
    player who signed for the other."""


def _time(at: str) -> str:
    return local_hm(at)


def _break_result(event: Break, fouls: list[str], tr: Translate) -> str:
    if fouls:  # which foul: a director checks it against the players' account
        return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "foul: {fouls}")).format(fouls=", ".join(fouls))
    if event.pocketed:
        return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "{n} down ({balls})")).format(
            n=len(event.pocketed), balls=", ".join(str(p.ball) for p in event.pocketed)
        )
    return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "dry"))


def build_sheet(entries: list[Entry], tr: Translate = english) -> Sheet:  # noqa: C901
    """The sheet's content for one match log (any state: in progress too)."""
    history, events = played_from(entries)
    final = history.state
    setup = final.setup
    racks: dict[int, dict[str, object]] = {}

    def rack_of(number: int) -> dict[str, object]:
        return racks.setdefault(number, {"break": "", "push": "", "fouls": {Seat.A: 0, Seat.B: 0}, "warnings": []})

    penalties: list[str] = []
    decisions: list[str] = []
    notes: list[str] = []
    clock: list[str] = []
    lag = ""
    relags = 0
    rack_ended: dict[int, str] = {}
    signed = {Seat.A: "", Seat.B: ""}
    devices: dict[Seat, str | None] = {Seat.A: None, Seat.B: None}
    for p in events:
        for ended in p.after.racks[len(p.before.racks) :]:
            rack_ended[ended.rack] = p.at
        if isinstance(p.event, Signed):
            signed[p.event.player] = p.at
            devices[p.event.player] = p.event.device
        event, before, line = p.event, p.before, rack_of(p.rack)
        fouls = line["fouls"]
        assert isinstance(fouls, dict)
        stroke_fouls = fouls_of(before, event)
        if isinstance(event, Break):
            line["break"] = _break_result(event, foul_labels(event, before, tr) if stroke_fouls else [], tr)
        if isinstance(event, PushOut):
            line["push"] = name(before, before.at_table)
        if isinstance(event, Option) and before.option is OptionAfter.PUSH_OUT:
            answer = (
                tr(CTX, QT_TRANSLATE_NOOP("Sheet", "shoot"))
                if event.choice is Choice.SHOOT
                else tr(CTX, QT_TRANSLATE_NOOP("Sheet", "hand back"))
            )
            line["push"] = f"{line['push']} → {answer}"
        if p.fouler is not None:
            fouls[p.fouler] += 1
        if isinstance(event, Penalty):
            penalties.append(describe(event, before, tr))
        if isinstance(event, WarningGiven):
            warnings = line["warnings"]
            assert isinstance(warnings, list)
            warnings.append(name(before, event.player))
        if isinstance(event, Concede | Stalemate | Void):
            decisions.append(describe(event, before, tr))
        if isinstance(event, Note) and event.text:
            notes.append(event.text)
        if isinstance(event, Relag):
            relags += 1
        if isinstance(event, Lag):
            lag = _lag_line(event, before, relags, tr)
        if isinstance(event, Extension):
            clock.append(_in_rack(p.rack, describe(event, before, tr), tr))
        if isinstance(event, Shot | PushOut) and Foul.SHOT_CLOCK in event.fouls:
            clock.append(
                _in_rack(
                    p.rack,
                    tr(CTX, QT_TRANSLATE_NOOP("Sheet", "time foul by {name}")).format(
                        name=name(before, before.at_table)
                    ),
                    tr,
                )
            )

    lines = []
    running = {Seat.A: 0, Seat.B: 0}
    for result in final.racks:
        if result.winner is not None:
            running[result.winner] += 1
        info = rack_of(result.rack)
        fouls = info["fouls"]
        assert isinstance(fouls, dict)
        warnings = info["warnings"]
        assert isinstance(warnings, list)
        lines.append(
            RackLine(
                rack=result.rack,
                breaker=setup.name(result.breaker),
                break_result=str(info["break"]),
                push_out=str(info["push"]),
                winner=setup.name(result.winner) if result.winner else "—",
                how=how_label(result.how, tr, by_racks=final.by_racks),
                fouls_a=fouls[Seat.A],
                fouls_b=fouls[Seat.B],
                warnings=", ".join(warnings),
                score=f"{running[Seat.A]}–{running[Seat.B]}",
                ended=rack_ended.get(result.rack, ""),
            )
        )

    corrections = []
    at_by_seq = {e.seq: e.at for e in history.entries}
    for entry in history.entries:
        if isinstance(entry.event, Undo):
            target = entry.event.target
            voided = history.entries[target - 1]
            before = history.timeline[target - 2] if target >= 2 else history.timeline[0]
            corrections.append(
                Correction(entry.at, target, describe(voided.event, before, tr), at_by_seq.get(target, ""))
            )
    first_at = history.entries[0].at
    last_at = history.entries[-1].at
    return Sheet(
        match_id=setup.match_id,
        event=setup.event,
        round=round_said(setup.round, tr),  # a tournament's round in the sheet's language
        table=setup.table,
        referee=setup.referee,
        date=local_date(first_at),
        started=_time(first_at),
        ended=_time(last_at) if final.over else "",
        rules=(
            tr(CTX, QT_TRANSLATE_NOOP("Sheet", "{rules}, scored by racks")).format(rules=rules_label(setup))
            if final.by_racks
            else rules_label(setup)
        ),
        race_to=setup.race_to,
        players=setup.players,
        score=(final.score.a, final.score.b),
        winner=setup.name(final.winner) if final.winner else "",
        result=result_label(final.result, tr) if final.result else "",
        racks=tuple(lines),
        penalties=tuple(penalties),
        decisions=tuple(decisions),
        notes=tuple(notes),
        corrections=tuple(corrections),
        head_hash=log_head(setup.match_id, entries),
        lag=lag,
        clock=tuple(clock),
        licences=setup.licences,
        clubs=setup.clubs,
        in_play=_in_play(final, tr),
        timed=setup.shot_clock is not None,
        void=_void_reason(history) if final.void else None,
        by_racks=final.by_racks,
        signed=(signed[Seat.A], signed[Seat.B]),
        one_device=devices[Seat.A] is not None and devices[Seat.A] == devices[Seat.B],
    )


def _void_reason(history: History) -> str:
    """The reason of the void in force (the last one: an undone void is not)."""
    return next(
        (
            e.event.reason
            for e in reversed(history.entries)
            if isinstance(e.event, Void) and e.seq not in history.voided
        ),
        "",
    )


def _lag_line(event: Lag, before: State, relags: int, tr: Translate) -> str:
    parts = [
        tr(CTX, QT_TRANSLATE_NOOP("Sheet", "won by {winner}, {breaker} breaks")).format(
            winner=name(before, event.winner), breaker=name(before, event.first_breaker)
        )
    ]
    for seat, faults in event.faults:
        parts.append(
            tr(CTX, QT_TRANSLATE_NOOP("Sheet", "faults of {name}: {faults}")).format(
                name=name(before, seat), faults=", ".join(lag_fault_label(f, tr) for f in faults)
            )
        )
    if relags:
        parts.append(tr(CTX, QT_TRANSLATE_NOOP("Sheet", "re-lags: {n}")).format(n=relags))
    return joined(parts, tr)


def _in_rack(rack: int, text: str, tr: Translate) -> str:
    return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "Rack {rack}: {text}")).format(rack=rack, text=text)


def _in_play(state: State, tr: Translate) -> str:
    """What a sheet printed mid-match says of the match as it stands."""
    if state.over:
        return ""
    score = f"{state.score.a}–{state.score.b}"
    if state.breaker is None:
        return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "In play: {score}, lag for the break.")).format(score=score)
    if state.at_table is None:  # rack scoring: nobody is tracked at the table
        return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "In play: {score}, rack {rack}, broken by {name}.")).format(
            score=score, rack=state.rack, name=name(state, state.breaker)
        )
    return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "In play: {score}, rack {rack}, {name} at the table.")).format(
        score=score, rack=state.rack, name=name(state, state.at_table)
    )


def _e(text: object) -> str:
    return html.escape(str(text))


STYLE = (
    "<style>"
    "body { font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; }"
    "h1 { font-size: 16pt; margin: 0; } h2 { font-size: 11pt; margin-top: 10pt; margin-bottom: 3pt; }"
    # headers wrap between words: a header kept on one line ("Fin de manche") took the room the
    # cells' words needed, and Qt then cut those words ("blanc/he")
    "td, th { padding: 3px 5px; } th { background: #e8e8e8; text-align: left; font-size: 8pt; }"
    ".score { font-size: 22pt; font-weight: bold; } .nb { white-space: nowrap; }"
    ".id { font-size: 8pt; color: #555; }"
    "</style>"
)


def sheet_html(sheet: Sheet, tr: Translate = english) -> str:
    """The sheet as HTML that Qt's rich text engine prints well (tables, no scripts)."""
    return sheets_html([sheet], tr)


def sheets_html(sheets: list[Sheet], tr: Translate = english) -> str:
    """Several sheets in one document, each starting on a new page (a day's sheets in one PDF)."""
    bodies = [
        (f"<div style='page-break-before: always'>{_sheet_body(sheet, tr)}</div>" if i else _sheet_body(sheet, tr))
        for i, sheet in enumerate(sheets)
    ]
    return f"<html><head><meta charset='utf-8'>{STYLE}</head><body>{''.join(bodies)}</body></html>"


def _date(iso: str, tr: Translate) -> str:
    """The sheet's date as the language writes it (29/11/2026 on a French sheet)."""
    if len(iso) != 10:
        return iso
    year, month, day = iso.split("-")
    return tr(CTX, QT_TRANSLATE_NOOP("Sheet", "{year}-{month}-{day}")).format(year=year, month=month, day=day)


def _stamp(at: str, tr: Translate) -> str:
    """A correction's date and time, the date written as in the sheet's header (01/12/2026 in French)."""
    stamp = local_stamp(at, seconds=True)
    if not stamp:
        return ""
    day, time = stamp.split(" ", 1)
    return f"{_date(day, tr)} {time}"


def _player_cell(seat: str, player: str, licence: str, club: str, tr: Translate) -> str:
    identity = []
    if licence:
        identity.append(_e(tr(CTX, QT_TRANSLATE_NOOP("Sheet", "Licence {number}")).format(number=licence)))
    if club:
        identity.append(_e(club))
    extra = f"<br><span class='id'>{' · '.join(identity)}</span>" if identity else ""
    return f"<td width='40%' align='center'><b>{seat}</b> — {_e(player)}{extra}</td>"


def _signatures(sheet: Sheet, tr: Translate) -> list[str]:
    """The signatures, right under the names, the score and the result: what the players and the
    referee sign is on the page they sign, whatever the length of the match."""

    def t(text: str) -> str:
        return _e(tr(CTX, text))

    a, b = sheet.players
    signatures = [
        t(QT_TRANSLATE_NOOP("Sheet", "Player A: {name}")).format(name=_e(a)),
        t(QT_TRANSLATE_NOOP("Sheet", "Player B: {name}")).format(name=_e(b)),
    ]
    if not sheet.by_racks or sheet.referee:  # a table scored by its players has no referee to sign
        signatures.append(t(QT_TRANSLATE_NOOP("Sheet", "Referee: {name}")).format(name=_e(sheet.referee)))
    dated = t(QT_TRANSLATE_NOOP("Sheet", "Date and time: ____________"))
    signed_at = [*sheet.signed, ""]
    out = [f"<h2>{t(SIGNATURES)}</h2>", "<table width='100%' cellspacing='6'><tr>"]
    for signature, at in zip(signatures, signed_at, strict=False):
        if at:  # signed in the log (spec 1.3 `sign`): the signature and its time, no line to sign on
            when = t(QT_TRANSLATE_NOOP("Sheet", "Signed on {stamp}")).format(stamp=_e(_stamp(at, tr)))
            out.append(f"<td width='33%'><br><b>✔</b><br>{signature}<br>{when}</td>")
        elif sheet.by_racks:
            out.append(f"<td width='33%'><br><br>{signature}<br>{t(NOT_SIGNED)}</td>")
        else:
            out.append(f"<td width='33%'><br><br>____________________<br>{signature}<br>{dated}</td>")
    out.append("</tr></table>")
    if sheet.one_device:
        out.append(f"<p>{t(ONE_DEVICE)}</p>")
    return out


def sheet_header(sheet: Sheet, tr: Translate = english) -> str:
    """The line at the top of every page of a sheet: which match this page belongs to."""
    parts = [tr(CTX, QT_TRANSLATE_NOOP("Sheet", "{a} v {b}")).format(a=sheet.players[0], b=sheet.players[1])]
    parts += [text for text in (sheet.event, sheet.round) if text]
    if sheet.table:
        parts.append(tr(CTX, QT_TRANSLATE_NOOP("Sheet", "Table {table}")).format(table=sheet.table))
    parts.append(_date(sheet.date, tr))
    if sheet.void is not None:
        parts.append(tr(CTX, QT_TRANSLATE_NOOP("Sheet", "VOID")))
    return " · ".join(parts)


def sheet_pages(sheet: Sheet, tr: Translate = english) -> tuple[str, str]:
    """A sheet as the printer takes it: its HTML, and the header repeated on each of its pages."""
    return sheet_html(sheet, tr), sheet_header(sheet, tr)


def _sheet_body(sheet: Sheet, tr: Translate) -> str:
    def t(text: str) -> str:
        return _e(tr(CTX, text))

    a, b = sheet.players
    status = (
        t(QT_TRANSLATE_NOOP("Sheet", "Winner: {name} ({how})")).format(name=_e(sheet.winner), how=_e(sheet.result))
        if sheet.winner
        else t(QT_TRANSLATE_NOOP("Sheet", "Match not finished"))
    )
    if sheet.in_play:
        status += f"<br>{_e(sheet.in_play)}"
    if sheet.void is not None:
        status = "<span style='font-size: 14pt; color: #b71c1c'><b>{}</b></span>".format(
            t(QT_TRANSLATE_NOOP("Sheet", "VOID: this match counts nowhere."))
        )
        if sheet.void:
            status += "<br>" + t(QT_TRANSLATE_NOOP("Sheet", "Reason: {reason}")).format(reason=_e(sheet.void))
    head = [
        (QT_TRANSLATE_NOOP("Sheet", "Event"), sheet.event),
        (QT_TRANSLATE_NOOP("Sheet", "Round"), sheet.round),
        (QT_TRANSLATE_NOOP("Sheet", "Table"), sheet.table),
        (QT_TRANSLATE_NOOP("Sheet", "Referee"), sheet.referee),
        (QT_TRANSLATE_NOOP("Sheet", "Date"), _date(sheet.date, tr)),
        (QT_TRANSLATE_NOOP("Sheet", "Time"), f"{sheet.started} – {sheet.ended}" if sheet.ended else sheet.started),
        (QT_TRANSLATE_NOOP("Sheet", "Rules"), sheet.rules),
        (QT_TRANSLATE_NOOP("Sheet", "Race to"), sheet.race_to),
        ("", ""),
    ]
    title = t(TITLE)
    if sheet.void is not None:
        title += " — " + t(QT_TRANSLATE_NOOP("Sheet", "VOID"))
    out = [
        f"<h1>{title}</h1>",
        "<table width='100%' cellspacing='0' style='margin-top: 6pt'>",
    ]
    for row in range(0, len(head), 3):
        out.append("<tr>")
        out += [
            f"<td width='33%'><span style='color: #666'>{t(label) if label else ''}</span><br><b>{_e(value)}</b></td>"
            for label, value in head[row : row + 3]
        ]
        out.append("</tr>")
    out += [
        "</table>",
        "<table width='100%' border='1' cellspacing='0' style='margin-top: 8pt; border-collapse: collapse'><tr>",
        _player_cell("A", a, sheet.licences[0], sheet.clubs[0], tr),
        f"<td width='20%' align='center' class='score'>{sheet.score[0]} – {sheet.score[1]}</td>",
        _player_cell("B", b, sheet.licences[1], sheet.clubs[1], tr),
        f"</tr><tr><td colspan='3' align='center'>{status}</td></tr></table>",
    ]
    out += _signatures(sheet, tr)
    if sheet.lag:
        lag = t(QT_TRANSLATE_NOOP("Sheet", "{label}: {text}")).format(label=f"<b>{t(LAG)}</b>", text=_e(sheet.lag))
        out.append(f"<p>{lag}</p>")
    out += [
        f"<h2>{t(RACKS)}</h2>",
        "<table width='100%' border='1' cellspacing='0' style='border-collapse: collapse'><tr>",
    ]
    if sheet.by_racks:
        out += _rack_scored_rows(sheet, tr)
    else:
        out += _rack_rows(sheet, tr)
    out += _sheet_sections(sheet, tr)
    return "".join(out)


def _rack_rows(sheet: Sheet, tr: Translate) -> list[str]:
    """The racks of a match scored by shots: the break, the push-out and the fouls of each."""

    def t(text: str) -> str:
        return _e(tr(CTX, text))

    out: list[str] = []
    columns = [
        QT_TRANSLATE_NOOP("Sheet", "Rack"),
        QT_TRANSLATE_NOOP("Sheet", "Breaker"),
        QT_TRANSLATE_NOOP("Sheet", "Break"),
        QT_TRANSLATE_NOOP("Sheet", "Push-out"),
        QT_TRANSLATE_NOOP("Sheet", "Winner"),
        QT_TRANSLATE_NOOP("Sheet", "How"),
        QT_TRANSLATE_NOOP("Sheet", "Score"),
        QT_TRANSLATE_NOOP("Sheet", "Fouls A"),
        QT_TRANSLATE_NOOP("Sheet", "Fouls B"),
        QT_TRANSLATE_NOOP("Sheet", "Warnings"),
    ]
    out += [f"<th>{t(c)}</th>" for c in columns]
    out.append("</tr>")
    for r in sheet.racks:
        cells = [r.rack, r.breaker, r.break_result, r.push_out, r.winner, r.how, r.score, r.fouls_a, r.fouls_b,
                 r.warnings]  # fmt: skip
        short = {0, 6, 7, 8}  # numbers and the score never break across lines
        out.append(
            "<tr>"
            + "".join(
                f"<td class='nb'>{_e(c)}</td>" if i in short else f"<td>{_e(c)}</td>" for i, c in enumerate(cells)
            )
            + "</tr>"
        )
    if not sheet.racks:
        out.append(f"<tr><td colspan='{len(columns)}'>{t(NO_RACK)}</td></tr>")
    out.append("</table>")
    return out


def _rack_scored_rows(sheet: Sheet, tr: Translate) -> list[str]:
    """The racks of a match scored by racks (spec §2a): who broke, who won, how, the score after
    it and when it was recorded; no break, push-out or foul column, since no stroke was recorded."""

    def t(text: str) -> str:
        return _e(tr(CTX, text))

    columns = [
        QT_TRANSLATE_NOOP("Sheet", "Rack"),
        QT_TRANSLATE_NOOP("Sheet", "Breaker"),
        QT_TRANSLATE_NOOP("Sheet", "Winner"),
        QT_TRANSLATE_NOOP("Sheet", "How"),
        QT_TRANSLATE_NOOP("Sheet", "Score"),
        QT_TRANSLATE_NOOP("Sheet", "Recorded at"),
    ]
    out = [f"<th>{t(c)}</th>" for c in columns]
    out.append("</tr>")
    for r in sheet.racks:
        out.append(
            f"<tr><td class='nb'>{r.rack}</td><td>{_e(r.breaker)}</td><td>{_e(r.winner)}</td><td>{_e(r.how)}</td>"
            f"<td class='nb'>{_e(r.score)}</td><td class='nb'>{_e(_stamp(r.ended, tr))}</td></tr>"
        )
    if not sheet.racks:
        out.append(f"<tr><td colspan='{len(columns)}'>{t(NO_RACK)}</td></tr>")
    out.append("</table>")
    return out


def _sheet_sections(sheet: Sheet, tr: Translate) -> list[str]:
    def t(text: str) -> str:
        return _e(tr(CTX, text))

    out: list[str] = []
    sections = [
        (QT_TRANSLATE_NOOP("Sheet", "Penalties"), sheet.penalties),
        (QT_TRANSLATE_NOOP("Sheet", "Concession and stalemates"), sheet.decisions),
        (QT_TRANSLATE_NOOP("Sheet", "Referee's notes"), sheet.notes),
    ]
    if sheet.timed:
        sections.insert(0, (QT_TRANSLATE_NOOP("Sheet", "Shot clock: extensions and time fouls"), sheet.clock))
    for title, items in sections:
        out.append(f"<h2>{t(title)}</h2>")
        out.append("<p>" + ("<br>".join(_e(i) for i in items) if items else "—") + "</p>")
    out.append(f"<h2>{t(CORRECTIONS)}</h2>")
    if sheet.corrections:
        out.append("<table width='100%' border='1' cellspacing='0' style='border-collapse: collapse'><tr>")
        for label in (
            QT_TRANSLATE_NOOP("Sheet", "Undone at"),
            QT_TRANSLATE_NOOP("Sheet", "Event no."),
            QT_TRANSLATE_NOOP("Sheet", "What was undone"),
            QT_TRANSLATE_NOOP("Sheet", "Recorded at"),
        ):
            out.append(f"<th>{t(label)}</th>")
        out.append("</tr>")
        for fix in sheet.corrections:
            out.append(
                f"<tr><td class='nb'>{_e(_stamp(fix.undone_at, tr))}</td><td>{fix.seq}</td>"
                f"<td>{_e(fix.what)}</td><td class='nb'>{_e(_stamp(fix.recorded_at, tr))}</td></tr>"
            )
        out.append("</table>")
    else:
        out.append("<p>—</p>")
    head_label = t(QT_TRANSLATE_NOOP("Sheet", "Log head (SHA-256)"))
    out.append(
        f"<p style='font-size: 7pt; color: #777'>{_e(sheet.match_id)}<br>{head_label}: "
        f"<span style='font-family: monospace'>{_e(sheet.head_hash)}</span></p>"
    )
    return out
