"""The desk says so when its link to the event goes down and when it is back.

The status light alone is small text at the bottom of the window, easy to miss while
recording; a notice on the desk's notice line is not. Nothing is lost while offline (the
pusher sends everything once the server answers again), and the notice says that too.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from referee_desk.desk.controller import DeskController
from referee_desk.notices import Notice
from referee_desk.venue.link import EventLinkController

from referee_app.venue.model import LinkReport, LinkStatus


class LinkNotices(QObject):
    """Follows the link's reports; a notice on each change between reachable and not."""

    def __init__(self, link: EventLinkController, controller: DeskController) -> None:
        super().__init__(link)
        self.controller = controller
        self.reachable: bool | None = None  # not known before the first report
        self.told: set[str] = set()  # the decided assignments already said
        link.reported.connect(self._reported)

    def _reported(self, report: LinkReport | None) -> None:
        if report is None:  # the desk left the event: nothing to watch any more
            self.reachable = None
            return
        self._decided(report)
        if report.status is LinkStatus.WRONG_KEY:  # not an outage: the light says what to do
            self.controller.warn(
                Notice.ERROR,
                self.tr(
                    "The event server refused this table's key: nothing is sent until it is typed again"
                    " (Event > Connect…). Recording goes on here."
                ),
            )
            self.reachable = None
            return
        reachable = report.status is not LinkStatus.OFFLINE
        if reachable == self.reachable:
            return
        if not reachable:
            self.controller.warn(
                Notice.ERROR,
                self.tr(
                    "The event server cannot be reached: recording goes on here, and the events are sent"
                    " when it is back."
                ),
            )
        elif self.reachable is False:
            self.controller.inform(self.tr("The event server is back: the events recorded meanwhile are being sent."))
        self.reachable = reachable

    def _decided(self, report: LinkReport) -> None:
        """The match being recorded names an assignment the server no longer holds: the organizer
        took it back after typing its result by hand. Said once; recording goes on (nothing lost)."""
        session = self.controller.session
        if session is None or report.held is None:
            return
        assignment = session.state.setup.assignment
        if not assignment or session.state.over or assignment in report.held or assignment in self.told:
            return
        self.told.add(assignment)
        self.controller.warn(
            Notice.ERROR,
            self.tr(
                "The organizer entered the result of this match by hand: it is decided on the bracket and this"
                " desk's result will not count. Check with the organizer before playing on."
            ),
        )
