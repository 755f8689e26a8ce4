"""The web pages' words, from the one catalogue: the pages fetch them in their language.

Every word a page shows is marked here for translation (`QT_TRANSLATE_NOOP`), so it lands in
the `.ts` beside the desk's and a missing French word fails the catalogue's test. A rack's "how"
is the desk's own label (`game.labels.HOW_LABELS`): the overlay says what the desk and the sheet
say. The server answers `/words.json?lang=xx` with `words_for(site, tr)`, `tr` being the
translation the GUI side hands in for that language (the core never loads Qt's catalogue itself).
"""

from __future__ import annotations

from collections.abc import Callable

from referee_app.game.labels import CTX as LABELS_CTX
from referee_app.game.labels import FOUL_LABELS, HOW_LABELS
from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

Words = Callable[[str], Translate]
"""A language code -> the translation into it (English for a language the catalogue lacks)."""

OVERLAY: dict[str, str] = {
    "race": QT_TRANSLATE_NOOP("Overlay", "Race to {n}"),
    "rack": QT_TRANSLATE_NOOP("Overlay", "Rack {n}"),
    "foul": QT_TRANSLATE_NOOP("Overlay", "1 foul"),
    "fouls": QT_TRANSLATE_NOOP("Overlay", "{n} fouls"),
    "warned": QT_TRANSLATE_NOOP("Overlay", "warned"),
    "breaker": QT_TRANSLATE_NOOP("Overlay", "break"),
    "hand": QT_TRANSLATE_NOOP("Overlay", "ball in hand"),
    "ext": QT_TRANSLATE_NOOP("Overlay", "ext. {n}"),
    "waiting": QT_TRANSLATE_NOOP("Overlay", "Waiting for the next match"),
    "reconnecting": QT_TRANSLATE_NOOP("Overlay", "reconnecting…"),
    "b_rack": QT_TRANSLATE_NOOP("Overlay", "{name} wins rack {rack}"),
    "b_match": QT_TRANSLATE_NOOP("Overlay", "{name} wins the match {a}–{b}"),
    "b_warning": QT_TRANSLATE_NOOP("Overlay", "Warning: {name} is on two fouls"),
    "b_push_out": QT_TRANSLATE_NOOP("Overlay", "Push-out by {name}"),
    "b_option": QT_TRANSLATE_NOOP("Overlay", "{name} to choose: play or hand back"),
    "b_shoot": QT_TRANSLATE_NOOP("Overlay", "{name} plays on"),
    "b_hand_back": QT_TRANSLATE_NOOP("Overlay", "{name} hands the table back"),
    "b_draw": QT_TRANSLATE_NOOP("Overlay", "Rack {rack}: stalemate, re-rack"),
}
"""The overlay's words (`live.js`), by the key the page asks for."""

BOARD: dict[str, str] = {
    "title": QT_TRANSLATE_NOOP("Board", "Tables"),
    "table": QT_TRANSLATE_NOOP("Board", "Table {n}"),
    "race": QT_TRANSLATE_NOOP("Board", "race to {n}"),
    "rack": QT_TRANSLATE_NOOP("Board", "rack {n}"),
    "foul": QT_TRANSLATE_NOOP("Board", "1 foul"),
    "fouls": QT_TRANSLATE_NOOP("Board", "{n} fouls"),
    "warn": QT_TRANSLATE_NOOP("Board", "warning due"),
    "next": QT_TRANSLATE_NOOP("Board", "Next match: {a} – {b}"),
    "free": QT_TRANSLATE_NOOP("Board", "free"),
    "offline": QT_TRANSLATE_NOOP("Board", "desk offline"),
    "unknown": QT_TRANSLATE_NOOP("Board", "desk: not known"),
    "phones": QT_TRANSLATE_NOOP("Board", "scored on the players' phones"),
    "done": QT_TRANSLATE_NOOP("Board", "finished"),
    "finished": QT_TRANSLATE_NOOP("Board", "finished: {a} {score} {b}"),
    "reconnecting": QT_TRANSLATE_NOOP("Board", "reconnecting…"),
    "server": QT_TRANSLATE_NOOP("Board", "the event server cannot be reached"),
    "error": QT_TRANSLATE_NOOP("Board", "the board cannot read the event server: the organizer has been told"),
    "damaged": QT_TRANSLATE_NOOP("Board", "to be checked"),
    "ago": QT_TRANSLATE_NOOP("Board", "{n} ago"),
    "t_loading": QT_TRANSLATE_NOOP("Board", "Loading…"),
    "t_none": QT_TRANSLATE_NOOP("Board", "No tournament is published on this board yet."),
    "t_your_name": QT_TRANSLATE_NOOP("Board", "Your name"),
    "t_search": QT_TRANSLATE_NOOP("Board", "Search"),
    "t_bracket": QT_TRANSLATE_NOOP("Board", "Bracket"),
    "t_find": QT_TRANSLATE_NOOP("Board", "Where and when do I play?"),
    "t_needs": QT_TRANSLATE_NOOP(
        "Board", "This page needs a newer web browser (Chrome 64, Safari 11.1, Firefox 78 or later): update it."
    ),
}
"""The board's words (`board.js`), by the key the page asks for; `t_...` are the tournament
pages' (`tournament.js`) before any tournament is there (the tournament brings its own words)."""

PHONE: dict[str, str] = {
    "p_lang": QT_TRANSLATE_NOOP("Phone", "en"),
    "p_table": QT_TRANSLATE_NOOP("Phone", "Table {n}"),
    "p_race": QT_TRANSLATE_NOOP("Phone", "race to {n}"),
    "p_breaks": QT_TRANSLATE_NOOP("Phone", "breaks"),
    "p_lag": QT_TRANSLATE_NOOP("Phone", "Who won the lag?"),
    "p_lag_won": QT_TRANSLATE_NOOP("Phone", "{name} won the lag"),
    "p_rack_to": QT_TRANSLATE_NOOP("Phone", "Rack to {name}"),
    "p_more": QT_TRANSLATE_NOOP("Phone", "Other ways to win a rack"),
    "p_run": QT_TRANSLATE_NOOP("Phone", "Break-and-run ({name})"),
    "p_ten_break": QT_TRANSLATE_NOOP("Phone", "10 on the break ({name})"),
    "p_fouls": QT_TRANSLATE_NOOP("Phone", "Three fouls by {name}: rack to {other}"),
    "p_stalemate": QT_TRANSLATE_NOOP("Phone", "Stalemate (rack replayed)"),
    "p_undo": QT_TRANSLATE_NOOP("Phone", "Undo"),
    "p_undo_ask": QT_TRANSLATE_NOOP("Phone", "Take back the last thing recorded ({what})?"),
    "p_sign": QT_TRANSLATE_NOOP("Phone", "Sign: {name}"),
    "p_signed": QT_TRANSLATE_NOOP("Phone", "{name} signed"),
    "p_result": QT_TRANSLATE_NOOP("Phone", "{winner} wins {a}–{b}"),
    "p_disagree": QT_TRANSLATE_NOOP(
        "Phone", "Do not agree? Do not sign: tap “I don’t agree” and the organizer is called."
    ),
    "p_dispute": QT_TRANSLATE_NOOP("Phone", "I don’t agree ({name})"),
    "p_dispute_ask": QT_TRANSLATE_NOOP("Phone", "Call the organizer: {name} does not agree with “{result}”?"),
    "p_disputed": QT_TRANSLATE_NOOP("Phone", "{name} does not agree: the organizer is called. Signing withdraws it."),
    "p_recorded": QT_TRANSLATE_NOOP("Phone", "The result is in: {winner} wins {a}–{b}."),
    "p_next": QT_TRANSLATE_NOOP("Phone", "Next on this table: {a} v {b} ({round})"),
    "p_none": QT_TRANSLATE_NOOP("Phone", "No match on this table now: the next one comes here by itself."),
    "p_pending": QT_TRANSLATE_NOOP("Phone", "not sent yet ({n})"),
    "p_sending": QT_TRANSLATE_NOOP("Phone", "sending…"),
    "p_wait": QT_TRANSLATE_NOOP("Phone", "Already tapped: it counts once, as soon as the laptop confirms it."),
    "p_other_match": QT_TRANSLATE_NOOP("Phone", "That tap was made for the previous match: it was not counted."),
    "p_counted": QT_TRANSLATE_NOOP("Phone", "Counted. {score}"),
    "p_score_said": QT_TRANSLATE_NOOP("Phone", "{a} {x}, {b} {y}"),
    "p_contact": QT_TRANSLATE_NOOP("Phone", "last contact {time}"),
    "p_never": QT_TRANSLATE_NOOP("Phone", "no contact yet"),
    "p_moved": QT_TRANSLATE_NOOP("Phone", "The score moved on (another phone?): check it, then tap again."),
    "p_refused": QT_TRANSLATE_NOOP("Phone", "Refused: {why}"),
    "p_awake": QT_TRANSLATE_NOOP(
        "Phone", "To keep this screen on, set your phone's screen timeout to 10 minutes or more."
    ),
    "p_no_key": QT_TRANSLATE_NOOP("Phone", "This page needs the link of the table's card: scan the QR code again."),
    "p_void": QT_TRANSLATE_NOOP("Phone", "This match was voided."),
    "p_needs": QT_TRANSLATE_NOOP(
        "Phone", "This page needs a newer web browser (Chrome 80, Safari 13.1, Firefox 74 or later): update it."
    ),
}
"""The phone page's words (`score.js`), by the key the page asks for (`p_...`: the phone tables are
served beside the tournament's pages, whose words share `/words.json`). `p_lang` is the language
the answer is in ("en", "fr" in the French catalogue): the page asks for the phone's languages in
turn and keeps the first the catalogue has (a language it lacks comes back in English)."""

CALL_CTX = "Call"
CALL: dict[str, str] = {
    "c_title": QT_TRANSLATE_NOOP("Call", "Called to the tables"),
    "c_call": QT_TRANSLATE_NOOP("Call", "Table {n}: {a} v {b}"),
    "c_here": QT_TRANSLATE_NOOP("Call", "{name}: at the table"),
    "c_away": QT_TRANSLATE_NOOP("Call", "{name}: not at the table, {m} min since the call"),
    "c_called_at": QT_TRANSLATE_NOOP("Call", "called at {time}"),
    "c_again": QT_TRANSLATE_NOOP("Call", "called again at {times}"),
    "c_up": QT_TRANSLATE_NOOP("Call", "{m} minutes are up: the organizer decides"),
    "c_sound": QT_TRANSLATE_NOOP("Call", "Sound on"),
    "c_im_here": QT_TRANSLATE_NOOP("Call", "I’m here: {name}"),
    "c_go": QT_TRANSLATE_NOOP("Call", "You are called: go to table {n}"),
    "m_title": QT_TRANSLATE_NOOP("Call", "My matches"),
    "m_in": QT_TRANSLATE_NOOP("Call", "Checked in"),
    "m_not_in": QT_TRANSLATE_NOOP("Call", "Not checked in yet"),
    "m_next": QT_TRANSLATE_NOOP("Call", "Next match"),
    "m_playing": QT_TRANSLATE_NOOP("Call", "Playing now on table {n}"),
    "m_ready": QT_TRANSLATE_NOOP("Call", "Waiting for a free table: the call comes here"),
    "m_waiting": QT_TRANSLATE_NOOP("Call", "When the earlier matches are over"),
    "m_against": QT_TRANSLATE_NOOP("Call", "{match} · {round} · against {name}"),
    "m_none": QT_TRANSLATE_NOOP("Call", "No match to play now."),
    "m_results": QT_TRANSLATE_NOOP("Call", "My results"),
    "m_won": QT_TRANSLATE_NOOP("Call", "{match}: won {score} against {name}"),
    "m_lost": QT_TRANSLATE_NOOP("Call", "{match}: lost {score} against {name}"),
    "m_no_results": QT_TRANSLATE_NOOP("Call", "No result yet."),
    "m_gone": QT_TRANSLATE_NOOP("Call", "This link does not open a player's page: ask at the door."),
    "m_offline": QT_TRANSLATE_NOOP("Call", "No contact with the organizer's laptop: trying again…"),
}
"""The call's words (`call.js`), on every page that shows a call: the board's, the tournament's, the
phone table's (`words_for` adds them to the board's and the phone's; the tournament's carry them)."""

DOOR_CTX = "Door"
DOOR: dict[str, str] = {
    "d_title": QT_TRANSLATE_NOOP("Door", "Check in"),
    "d_search": QT_TRANSLATE_NOOP("Door", "Type your name, then tap it"),
    "d_confirm": QT_TRANSLATE_NOOP("Door", "Check in as {name}?"),
    "d_yes": QT_TRANSLATE_NOOP("Door", "Yes, that’s me"),
    "d_no": QT_TRANSLATE_NOOP("Door", "No"),
}
"""The door page's words (`door.js`): a player checks in from the door's QR."""

OTHER_FOULS: dict[str, str] = {
    "cue_ball_off_table": QT_TRANSLATE_NOOP("Wording", "cue ball off the table"),
    "penalty": QT_TRANSLATE_NOOP("Wording", "penalty"),
}
"""The overlay's foul codes that are not a `Foul`: the scratch the desk names "cue ball off the
table", and a foul given as a penalty (`overlay.CUE_BALL_OFF_TABLE`, `overlay.PENALTY_FOUL`)."""

SITES: dict[str, tuple[str, dict[str, str]]] = {
    "overlay": ("Overlay", OVERLAY),
    "board": ("Board", BOARD),
    "phone": ("Phone", PHONE),
}


def call_words(tr: Translate = english) -> dict[str, str]:
    """The call's words (`CALL`) through `tr`, by key: the tournament's pages carry them with their data."""
    return {key: tr(CALL_CTX, text) for key, text in CALL.items()}


def words_for(site: str, tr: Translate = english) -> dict[str, str]:
    """Every word of `site`'s pages ("overlay", "board" or "phone") through `tr`, by key."""
    context, words = SITES[site]
    out = {key: tr(context, text) for key, text in words.items()}
    if site in ("board", "phone"):  # the call, on the board's pages and the table's
        out |= call_words(tr)
    if site == "phone":  # the door and the player's own page are served beside the phone tables
        out |= {key: tr(DOOR_CTX, text) for key, text in DOOR.items()}
    if site == "overlay":  # how a rack was won, as the desk words it: "how_<RackHow value>"
        out |= {f"how_{how.value}": tr(LABELS_CTX, text) for how, text in HOW_LABELS.items()}
        # each foul as the desk names it: "foul_<code>" (`overlay.last_fouls` gives the codes)
        out |= {f"foul_{foul.value}": tr(LABELS_CTX, text) for foul, text in FOUL_LABELS.items()}
        out |= {f"foul_{code}": tr(LABELS_CTX, text) for code, text in OTHER_FOULS.items()}
    return out
