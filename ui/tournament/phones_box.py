"""The Tables tab's phone tables (phone.md §1): which tables the players score on their phones,
a new key for a lost card, and the cards to print.

Every change is the core's (`TournamentSession.set_phones`: the list read by the command line's
rule, the `phones_set` event `tournament phones` records, the keys kept in the same write); the
cards are `tournament cards`' own (the core's `cards`, painted by `cards.write_cards_pdf`), at the
address the phones reach this laptop at. On screen a key shows only its last four characters (a
passer-by reads no key off the organizer's screen); the card carries it whole.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)
from referee_desk.notices import Notice
from referee_desk.places import in_documents
from referee_desk.tournament.parts import Desk, Shown, button
from referee_desk.tournament.session import said

from referee_app.event.operations import parse_tables
from referee_app.event.phone_api import PhoneTableView
from referee_app.tournament.model import MatchStatus, TournamentRefused
from referee_app.tournament.phones import cards, check_url

SHOWN_OF_KEY = 4
"""Characters of a key shown on screen (its end, to match a card with)."""


class PhonesBox(QGroupBox):
    """Mark, un-mark and re-key the phone tables; print their cards; each phone table's state."""

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("phonesBox")
        self.tables: dict[int, PhoneTableView] = {}
        self._keys: tuple[tuple[str, dict[int, str]], dict[int, str]] | None = None
        """The keys as last read, with the tables' fingerprints they were read for: read again only
        when a key changed (a new key changes its table's fingerprint in the tournament's log)."""
        """Each phone table as its API last answered (the phones' scores), from the site."""
        self.url = ""
        """Where the phones reach this laptop now ("" when the players' page is not on the network)."""
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.label = QLabel(self)
        self.edit = QLineEdit(self)
        self.edit.setObjectName("phonesEdit")
        self.label.setBuddy(self.edit)
        self.edit.returnPressed.connect(self.mark)
        self.on_button = button(desk, "phonesOn", "Ctrl+Shift+H", self.mark, self)
        self.off_button = button(desk, "phonesOff", "Ctrl+Shift+J", self.unmark, self)
        self.key_button = button(desk, "phonesNewKey", "Ctrl+Shift+L", self.new_key, self)
        self.cards_button = button(desk, "phonesCards", "Ctrl+Shift+M", lambda: self.print_cards(), self)
        self.one_phone = QCheckBox(self)
        self.one_phone.setObjectName("phonesOnePhone")  # phone.md 1.1 `--one-phone`, for the tables marked now
        bar.addWidget(self.label)
        bar.addWidget(self.edit)
        for made in (self.on_button, self.off_button, self.key_button, self.cards_button):
            bar.addWidget(made)
        bar.addStretch(1)
        self.status = QLabel(self)
        self.status.setObjectName("phonesStatus")
        self.status.setWordWrap(True)
        layout.addLayout(bar)
        layout.addWidget(self.one_phone)  # its own line: in the bar it squeezed the table list to 28 px in French
        layout.addWidget(self.status)

    def choose(self, tables: QTableWidget) -> None:
        """The tables the organizer selected in the tables' list (its first column) become the list
        the buttons act on (a selection, or the numbers typed: either way the same field)."""
        if not tables.hasFocus():
            return  # the list rebuilt after a change, not the organizer choosing
        rows = sorted({index.row() for index in tables.selectionModel().selectedIndexes()})
        cells = [tables.item(row, 0) for row in rows]
        chosen = [cell.text() for cell in cells if cell is not None]
        if chosen:
            self.edit.setText(",".join(chosen))

    # --- the organizer's decisions ------------------------------------------------------
    def _listed(self) -> tuple[int, ...] | None:
        try:
            return parse_tables(self.edit.text())
        except ValueError:
            self.desk.say(Notice.REFUSAL, self.tr("Phone tables are listed as 5-8 or 5,7."))
            return None

    def _phones(self) -> dict[int, str]:
        t = self.desk.session.tournament
        return {} if t is None else dict(t.phones)

    def mark(self) -> None:
        """The tables listed become phone tables, each with its key; those already are keep theirs
        (their cards are printed: a new key is the lost card's button)."""
        listed = self._listed()
        if listed is None:
            return
        phones = self._phones()
        new = tuple(t for t in listed if t not in phones)
        if not new:
            self.desk.say(Notice.REFUSAL, self.tr("Already scored on the phones: a lost card's table gets a new key."))
            return
        one = self.one_phone.isChecked()
        if self.desk.session.set_phones(new, one_phone=one) is not None:
            said_ = self.tr("Scored on the phones now: {tables}.").format(tables=_listing(new))
            if one:
                said_ += " " + self.tr("One phone may give both signatures there.")
            self.desk.say(Notice.INFO, said_)

    def unmark(self) -> None:
        """The tables listed are scored on desks again (their keys stop working)."""
        listed = self._listed()
        if listed is None:
            return
        phones = self._phones()
        gone = tuple(t for t in listed if t in phones)
        if not gone:
            self.desk.say(Notice.REFUSAL, self.tr("None of these tables is scored on the phones."))
            return
        t = self.desk.session.tournament
        scored = (
            []
            if t is None
            else sorted(m for m in t.by_phone if t.on_table.get(m) in gone and t.slots[m].status is MatchStatus.PLAYING)
        )
        if scored:  # their phones stop at once: the organizer then types those results
            self.desk.ask(
                "confirmPhonesOff",
                self.tr(
                    "The phones are scoring {matches} on these tables. Take the tables back anyway? Their phones"
                    " stop at once, and the result is then typed on the Results tab."
                ).format(matches=", ".join(scored)),
                lambda: self._unmark(gone),
                self.tr("The phones go on scoring {tables}.").format(tables=_listing(gone)),
            )
            return
        self._unmark(gone)

    def _unmark(self, gone: tuple[int, ...]) -> None:
        if self.desk.session.set_phones(gone, off=True) is not None:
            self.desk.say(Notice.INFO, self.tr("Scored on a desk again: {tables}.").format(tables=_listing(gone)))

    def new_key(self) -> None:
        """A lost card: each phone table listed gets a new key, the old one refused at once."""
        listed = self._listed()
        if listed is None:
            return
        phones = self._phones()
        others = [t for t in listed if t not in phones]
        if others:
            self.desk.say(
                Notice.REFUSAL,
                self.tr("Table {table} is not scored on the phones: mark it first.").format(table=others[0]),
            )
            return
        t = self.desk.session.tournament
        one = t.one_phone if t is not None else frozenset()
        # a new key keeps the table's signing rule: one change for the one-phone tables, one for the others
        groups = [(tuple(x for x in listed if (x in one) is rule), rule) for rule in (False, True)]
        if all(self.desk.session.set_phones(g, one_phone=rule) is not None for g, rule in groups if g):
            self.desk.say(
                Notice.INFO,
                self.tr("New keys for {tables}: the old cards no longer work; print the new ones.").format(
                    tables=_listing(listed)
                ),
            )

    def print_cards(self, path: Path | None = None) -> bool:
        """The phone tables' cards as a PDF (asked where, unless `path`): A6, four to an A4 page,
        at the address the phones reach this laptop at; what went wrong is said."""
        from referee_desk.tournament.cards import write_cards_pdf

        t, store = self.desk.session.tournament, self.desk.store
        if t is None or store is None:
            self.desk.say(Notice.REFUSAL, self.tr("The cards need a tournament kept in the organizer's database."))
            return False
        url = self.url or store.phone_url(self.desk.session.tournament_id) or ""
        if not url:
            self.desk.say(
                Notice.REFUSAL,
                self.tr(
                    "The cards carry the address the phones reach this laptop at: start the players' web page with"
                    " “Phones and TVs on the venue's network may connect” first."
                ),
            )
            return False
        try:
            made = cards(t.phones, store.phone_keys(self.desk.session.tournament_id), check_url(url))
        except TournamentRefused as exc:
            self.desk.say(Notice.REFUSAL, said(exc))
            return False
        if path is None:
            chosen, _ = QFileDialog.getSaveFileName(
                self, self.tr("The phone tables' cards"), in_documents("cards.pdf"), self.tr("PDF (*.pdf)")
            )
            if not chosen:
                return False
            path = Path(chosen)
        try:
            write_cards_pdf(t.name, made, path)
        except OSError as exc:
            self.desk.say(Notice.ERROR, self.tr("The cards cannot be written: {why}").format(why=exc.strerror or exc))
            return False
        self.desk.say(
            Notice.INFO, self.tr("{n} cards written to {path} ({url}).").format(n=len(made), path=path, url=url)
        )
        return True

    # --- what is shown ------------------------------------------------------------------
    def show_state(self, shown: Shown) -> None:
        t = shown.tournament
        phones = {} if t is None else t.phones
        self.tables = {n: answer for n, answer in self.tables.items() if n in phones}
        keys: dict[int, str] = {}
        if self.desk.store is not None and phones:
            read_for = (self.desk.session.tournament_id, dict(phones))
            if self._keys is None or self._keys[0] != read_for:
                self._keys = (read_for, self.desk.store.phone_keys(self.desk.session.tournament_id))
            keys = self._keys[1]
        for made in (self.off_button, self.key_button, self.cards_button):
            made.setEnabled(bool(phones))
        if not phones:
            self.status.setText(self.tr("No table is scored on the phones: every table is a desk's."))
            return
        lines = [self._line(n, keys.get(n)) for n in sorted(phones)]
        self.status.setText("\n".join(lines))

    def _line(self, table: int, key: str | None) -> str:
        shown = self.tables.get(table)
        what = self.tr("no match on it")
        if shown is not None and shown.players is not None and shown.score is not None:
            (a, b), (racks_a, racks_b) = shown.players, shown.score
            what = f"{a} {racks_a}-{racks_b} {b}"
            if shown.finished and not all(shown.signed):
                what += " · " + self.tr("waiting for both signatures")
        elif shown is not None and shown.match:
            what = self.tr("{match}: starting").format(match=shown.match)
        elif shown is None:  # the phones' scores not read yet (the players' page starting): the bracket's word
            t = self.desk.session.tournament
            on = (
                []
                if t is None
                else [s for s in t.slots.values() if s.table == table and s.status is MatchStatus.PLAYING]
            )
            if on:
                what = self.tr("{match}: {a} v {b}").format(match=on[0].spec.id, a=on[0].a, b=on[0].b)
        t = self.desk.session.tournament
        if t is not None and table in t.one_phone:
            what += " · " + self.tr("one phone signs for both")
        ends = self.tr("key …{end}").format(end=key.replace("-", "")[-SHOWN_OF_KEY:]) if key else self.tr("no key here")
        link = f"{self.url}/score/{table}" if self.url else self.tr("not on the network")
        return self.tr("Table {table}: {what} · {key} · {link}").format(table=table, what=what, key=ends, link=link)

    def retranslate(self) -> None:
        self.setTitle(self.tr("Tables scored on the players' phones"))
        self.label.setText(self.tr("P&hone tables"))
        self.edit.setPlaceholderText(self.tr("5-8 or 5,7"))
        self.on_button.setText(self.tr("Score on phones [Ctrl+Shift+H]"))
        self.off_button.setText(self.tr("Back to a desk [Ctrl+Shift+J]"))
        self.key_button.setText(self.tr("New key, a card lost [Ctrl+Shift+L]"))
        self.cards_button.setText(self.tr("Print cards… [Ctrl+Shift+M]"))
        self.one_phone.setText(self.tr("One phone signs for both"))
        self.one_phone.setToolTip(
            self.tr("For the tables marked now: one phone left at the table may give both players' signatures")
        )


def _listing(tables: tuple[int, ...]) -> str:
    return ", ".join(str(t) for t in tables)
