"""The Draw tab: the format (or a federation's template), the plan it makes, the creation, the draw."""

from __future__ import annotations

import functools
import secrets

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)
from referee_desk.i18n import qt_translate
from referee_desk.notices import Notice
from referee_desk.tournament.entries_tab import not_checked_in
from referee_desk.tournament.parts import Desk, Shown, button, spin
from referee_desk.tournament.session import said

from referee_app.tournament.events import Created, Drawn
from referee_app.tournament.model import (
    SE_AT_CHOICES,
    FinalMode,
    Format,
    GroupFormat,
    Options,
    Qualifying,
    Rules,
    TournamentRefused,
)
from referee_app.tournament.plan import Plan, plan
from referee_app.tournament.templates import FFB_MORNING, ffb_national_day, wpa_world


@functools.lru_cache(maxsize=64)
def _plan(options: Options, players: int) -> Plan:
    """The plan builds a whole bracket: kept for the options and players it was made for."""
    options.check()
    return plan(options, players)


class DrawTab(QWidget):
    """The form of a new tournament (read-only once created), its plan, and the draw."""

    created = Signal()
    drawn = Signal()

    def __init__(self, desk: Desk, parent: QWidget) -> None:
        super().__init__(parent)
        self.desk = desk
        self.setObjectName("drawPage")
        layout = QHBoxLayout(self)
        self.format_box = QGroupBox(self)
        self.format_box.setObjectName("formatBox")
        form = QFormLayout(self.format_box)
        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("tournamentName")
        self.name_edit.setMaxLength(80)
        self.format_choice = self._combo("formatChoice")
        self.race = spin(self, "raceSpin", 1, 99, 7)
        self.race_losers = spin(self, "raceLosersSpin", 0, 99, 0)
        self.race_final = spin(self, "raceFinalSpin", 0, 99, 0)
        self.final_choice = self._combo("finalChoice")
        self.se_at = self._combo("seAtChoice")
        self.third_place = QCheckBox(self)
        self.third_place.setObjectName("thirdPlace")
        self.groups = spin(self, "groupsSpin", 1, 64, 4)
        self.advance = spin(self, "advanceSpin", 1, 64, 2)
        self.group_format = self._combo("groupFormatChoice")
        self.then_choice = self._combo("thenChoice")
        self.rules_choice = self._combo("rulesChoice")
        self.qualifying = QCheckBox(self)
        self.qualifying.setObjectName("qualifyingCheck")
        self.qualifying_rule: Qualifying = FFB_MORNING
        """The qualifying pools' rule the check box stands for (the tournament's own once created)."""
        self.form_labels: dict[str, QLabel] = {}
        rows = (
            ("name", self.name_edit),
            ("format", self.format_choice),
            ("race", self.race),
            ("race_losers", self.race_losers),
            ("race_final", self.race_final),
            ("final", self.final_choice),
            ("se_at", self.se_at),
            ("third_place", self.third_place),
            ("groups", self.groups),
            ("advance", self.advance),
            ("group_format", self.group_format),
            ("then", self.then_choice),
            ("qualifying", self.qualifying),
            ("rules", self.rules_choice),
        )
        for key, widget in rows:
            label = QLabel(self)
            label.setObjectName(f"label_{key}")
            label.setBuddy(widget)
            self.form_labels[key] = label
            form.addRow(label, widget)
        templates = QHBoxLayout()
        self.ffb_button = button(desk, "templateFfb", "", self.use_ffb, self)
        self.wpa_button = button(desk, "templateWpa", "", self.use_wpa, self)
        templates.addWidget(self.ffb_button)
        templates.addWidget(self.wpa_button)
        form.addRow(templates)
        self.create_button = button(desk, "createTournament", "Ctrl+Shift+N", self.create_tournament, self)
        form.addRow(self.create_button)
        right = QVBoxLayout()
        self.plan_box = QGroupBox(self)
        self.plan_box.setObjectName("planBox")
        plan_form = QFormLayout(self.plan_box)
        self.plan_players = spin(self, "planPlayers", 2, 256, 64)
        self.plan_players_label = QLabel(self)
        self.plan_players_label.setBuddy(self.plan_players)
        self.plan_label = QLabel(self)
        self.plan_label.setObjectName("planLabel")
        self.plan_label.setWordWrap(True)
        plan_form.addRow(self.plan_players_label, self.plan_players)
        plan_form.addRow(self.plan_label)
        self.draw_box = QGroupBox(self)
        self.draw_box.setObjectName("drawBox")
        draw_form = QFormLayout(self.draw_box)
        self.seed_edit = QLineEdit(self)
        self.seed_edit.setObjectName("drawSeed")
        self.seed_label = QLabel(self)
        self.seed_label.setBuddy(self.seed_edit)
        self.draw_button = button(desk, "drawButton", "Ctrl+Shift+D", self.draw, self)
        self.draw_seed_label = QLabel(self)
        self.draw_seed_label.setObjectName("drawSeedLabel")
        self.draw_seed_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.draw_seed_label.setWordWrap(True)
        draw_form.addRow(self.seed_label, self.seed_edit)
        draw_form.addRow(self.draw_button)
        draw_form.addRow(self.draw_seed_label)
        right.addWidget(self.plan_box)
        right.addWidget(self.draw_box)
        right.addStretch(1)
        layout.addWidget(self.format_box, 1)
        layout.addLayout(right, 1)
        for combo in (self.format_choice, self.se_at, self.group_format, self.then_choice, self.final_choice):
            combo.currentIndexChanged.connect(self._options_changed)
        for number in (self.race, self.race_losers, self.race_final, self.groups, self.advance, self.plan_players):
            number.valueChanged.connect(self._options_changed)
        self.third_place.toggled.connect(self._options_changed)
        self.qualifying.toggled.connect(self._options_changed)

    def _combo(self, name: str) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # every choice read whole
        return combo

    def say(self, level: Notice, text: str) -> None:
        self.desk.say(level, text)

    def clear(self) -> None:
        """An empty form (another tournament is shown)."""
        self.name_edit.clear()
        self.seed_edit.clear()

    def _fill_choices(self) -> None:
        """The combo boxes' items, in the current language (their data are the spec's words)."""
        items: dict[QComboBox, list[tuple[str, object]]] = {
            self.format_choice: [
                (self.tr("Double elimination"), Format.DE),
                (self.tr("Single elimination"), Format.SE),
                (self.tr("Groups, then a knockout"), Format.GROUPS),
            ],
            self.final_choice: [
                (self.tr("True second final (the losers' champion must win twice)"), FinalMode.RESET),
                (self.tr("One final"), FinalMode.SINGLE),
            ],
            self.se_at: [(self.tr("never"), None)]
            + [(self.tr("when {n} remain").format(n=n), n) for n in SE_AT_CHOICES],
            self.group_format: [
                (self.tr("Round robin"), GroupFormat.RR),
                (self.tr("Double elimination (two wins in, two losses out)"), GroupFormat.DE),
            ],
            self.then_choice: [(self.tr("Double elimination"), Format.DE), (self.tr("Single elimination"), Format.SE)],
            self.rules_choice: [(self.tr("WPA rules"), Rules.WPA), (self.tr("FFB rules"), Rules.FFB)],
        }
        for combo, choices in items.items():
            keep = combo.currentIndex()
            combo.blockSignals(True)
            combo.clear()
            for text, data in choices:
                combo.addItem(text, data)
            combo.setCurrentIndex(max(0, keep))
            combo.blockSignals(False)
            combo.setMinimumWidth(combo.sizeHint().width())  # the layout never squeezes a choice into "…"

    def options(self) -> Options:
        """The form's options (spec §1 `new`); `check()` not called here."""
        fmt = Format(self.format_choice.currentData())
        groups = fmt is Format.GROUPS
        knockout = Format(self.then_choice.currentData()) if groups else fmt
        return Options(
            fmt,
            race=self.race.value(),
            race_losers=self.race_losers.value() or None if knockout is Format.DE else None,
            race_final=self.race_final.value() or None,
            final=FinalMode(self.final_choice.currentData()),
            se_at=self.se_at.currentData() if knockout is Format.DE else None,
            third_place=self.third_place.isChecked() and knockout is Format.SE,
            groups=self.groups.value() if groups else None,
            advance=self.advance.value() if groups else None,
            group_format=GroupFormat(self.group_format.currentData()),
            then=Format(self.then_choice.currentData()),
            rules=Rules(self.rules_choice.currentData()),
            qualifying=self.qualifying_rule if groups and self.qualifying.isChecked() else None,
        )

    def set_options(self, options: Options) -> None:
        """Fill the form from `options` (a template, or the tournament's own)."""

        def pick(combo: QComboBox, value: object) -> None:
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)

        pick(self.format_choice, options.format)
        self.race.setValue(options.race)
        self.race_losers.setValue(options.race_losers or 0)
        self.race_final.setValue(options.race_final or 0)
        pick(self.final_choice, options.final)
        pick(self.se_at, options.se_at)
        self.third_place.setChecked(options.third_place)
        if options.groups is not None:
            self.groups.setValue(options.groups)
        if options.advance is not None:
            self.advance.setValue(options.advance)
        pick(self.group_format, options.group_format)
        pick(self.then_choice, options.then)
        pick(self.rules_choice, options.rules)
        if options.qualifying is not None:
            self.qualifying_rule = options.qualifying
        self.qualifying.setChecked(options.qualifying is not None)

    def use_ffb(self) -> None:
        """The national tournament's whole day; unchecking the qualifying pools leaves its afternoon (32)."""
        self.set_options(ffb_national_day())
        t = self.desk.session.tournament
        if t is None or not t.entries:
            self.plan_players.setValue(42)
        self.say(
            Notice.INFO,
            self.tr(
                "FFB national format: TS1-TS22 from the national ranking as hand seeds in the entry list. "
                "Morning: the players after TS16 in 6 qualifying pools, one of TS17-TS22 heading each; "
                "16 go on (the first 2 of each pool of 4, the first 3 of each pool of 5, the best thirds of "
                "the pools of 4, compared per match played). Afternoon: pools of 4, TS1 with TS16, TS2 with "
                "TS15…, the qualifiers drawn in; the top 2 to a double knockout, single elimination from the "
                "quarter-finals."
            ),
        )

    def use_wpa(self) -> None:
        players = self._players()
        try:
            self.set_options(wpa_world(players if players >= 16 and players % 8 == 0 else 64))
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return
        self.say(
            Notice.INFO,
            self.tr(
                "WPA world format: double-elimination groups of 8 (two wins in, two losses out), "
                "then single elimination."
            ),
        )

    def _players(self) -> int:
        t = self.desk.session.tournament
        return len(t.entries) if t is not None and t.entries else self.plan_players.value()

    def _options_changed(self) -> None:
        fmt = self.format_choice.currentData()
        groups = fmt == Format.GROUPS
        knockout = self.then_choice.currentData() if groups else fmt
        widgets: dict[str, tuple[QWidget, bool]] = {
            "race_losers": (self.race_losers, knockout == Format.DE),
            "final": (self.final_choice, knockout == Format.DE),
            "se_at": (self.se_at, knockout == Format.DE),
            "third_place": (self.third_place, knockout == Format.SE),
            "groups": (self.groups, groups),
            "advance": (self.advance, groups),
            "group_format": (self.group_format, groups),
            "then": (self.then_choice, groups),
            "qualifying": (self.qualifying, groups),
        }
        for key, (widget, shown) in widgets.items():
            widget.setVisible(shown)
            self.form_labels[key].setVisible(shown)
        self._show_plan()

    def _show_plan(self) -> None:
        t = self.desk.session.tournament
        options = t.options if t is not None else self.options()
        players = self._players()
        try:
            p = _plan(options, players)
        except TournamentRefused as exc:
            self.plan_label.setText(self.tr("No plan: {why}").format(why=said(exc)))
            return
        self.plan_label.setText(p.describe(players, qt_translate))

    def create_tournament(self) -> None:
        if self.desk.session.state is not None:
            self.say(Notice.REFUSAL, self.tr("This tournament is already created."))
            return
        options = self.options()
        try:
            options.check()
        except TournamentRefused as exc:
            self.say(Notice.REFUSAL, said(exc))
            return
        name = self.name_edit.text().strip()
        if not name:
            self.say(Notice.REFUSAL, self.tr("Give the tournament a name first."))
            self.name_edit.setFocus()
            return
        if self.desk.session.record(Created(name, options)):
            self.say(Notice.INFO, self.tr("{name} is created: import the entry list (Ctrl+I).").format(name=name))
            self.created.emit()

    def draw(self) -> None:
        text = self.seed_edit.text().strip()
        try:
            seed = int(text) if text else secrets.randbelow(1_000_000)
        except ValueError:
            self.say(Notice.REFUSAL, self.tr("The draw seed is a whole number (or nothing, for a random one)."))
            return
        absent = not_checked_in(self.desk.session.tournament)
        if absent:
            self.say(
                Notice.REFUSAL,
                self.tr("Not drawn: {n} players are not checked in ({names}). Check them in, or withdraw them "
                        "(Entries tab, “Withdraw those not checked in”).").format(
                    n=len(absent), names=", ".join(absent[:5]) + ("…" if len(absent) > 5 else "")),
            )  # fmt: skip
            return
        if self.desk.session.record(Drawn(seed)):
            self.say(Notice.INFO, self.tr("Drawn with seed {seed}.").format(seed=seed))
            self.drawn.emit()

    def show_state(self, shown: Shown) -> None:
        t = shown.tournament
        created = t is not None
        if t is not None:
            self.name_edit.setText(t.name)
            self.set_options(t.options)
        self.format_box.setEnabled(not created)
        self.create_button.setVisible(not created)
        self.plan_players.setEnabled(not (t is not None and t.entries))
        if t is not None and t.entries:
            self.plan_players.blockSignals(True)
            self.plan_players.setValue(max(2, len(t.entries)))
            self.plan_players.blockSignals(False)
        drawn = t is not None and t.draw_seed is not None
        self.seed_edit.setEnabled(created and not drawn)
        self.draw_button.setEnabled(created and not drawn)
        if t is not None and t.draw_seed is not None:
            self.seed_edit.setText(str(t.draw_seed))
            self.draw_seed_label.setText(
                self.tr("Draw seed: {seed}. Anyone can check the draw with it.").format(seed=t.draw_seed)
            )
        else:
            self.draw_seed_label.setText("")
        self._options_changed()

    def retranslate(self) -> None:
        self.format_box.setTitle(self.tr("Format"))
        labels = {
            "name": self.tr("&Name"),
            "format": self.tr("&Format"),
            "race": self.tr("&Race"),
            "race_losers": self.tr("Race on the &losers' side (0: the same)"),
            "race_final": self.tr("Race of the final (0: the same)"),
            "final": self.tr("Final"),
            "se_at": self.tr("Single elimination"),
            "third_place": self.tr("Third-place match"),
            "groups": self.tr("&Groups"),
            "advance": self.tr("Qualifiers per group"),
            "group_format": self.tr("Groups played as"),
            "then": self.tr("Then"),
            "qualifying": self.tr("Qualifying pools"),
            "rules": self.tr("Rules"),
        }
        for key, text in labels.items():
            self.form_labels[key].setText(text)
        self._fill_choices()
        rule = self.qualifying_rule
        self.qualifying.setText(
            self.tr("first, for the players after seed {direct}: {pools} pools, {places} go on").format(
                direct=rule.direct, pools=rule.pools, places=rule.places
            )
        )
        self.qualifying.setToolTip(
            self.tr(
                "The first 2 of a pool of 4 and the first 3 of a pool of 5 go on; the places left go to the "
                "best thirds of the pools of 4, compared by matches won, then racks won minus lost, then racks "
                "won, each per match played. The groups wait until the qualifying pools are over."
            )
        )
        self.ffb_button.setText(self.tr("FFB national format"))
        self.wpa_button.setText(self.tr("WPA world format"))
        self.create_button.setText(self.tr("Create the tournament [Ctrl+Shift+N]"))
        self.plan_box.setTitle(self.tr("Plan"))
        self.plan_players_label.setText(self.tr("Players"))
        self.draw_box.setTitle(self.tr("Draw"))
        self.seed_label.setText(self.tr("Draw &seed"))
        self.seed_edit.setPlaceholderText(self.tr("random"))
        self.draw_button.setText(self.tr("Make the draw [Ctrl+Shift+D]"))
