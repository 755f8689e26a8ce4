"""Match > Live overlay: the port, whether other devices may connect, and the pages' addresses."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from referee_desk.overlay.feeder import LiveOverlay

PORT_KEY = "overlay/port"
LAN_KEY = "overlay/lan"
ON_KEY = "overlay/on"
"""Whether the referee left the overlay on: a desk that restarts (a crash, a new laptop session)
puts the stream back by itself, instead of a dead page until someone opens this dialog."""


def remembered(settings: QSettings) -> tuple[int, bool] | None:
    """The port and network choice of an overlay the referee left on, else None."""
    if str(settings.value(ON_KEY, "false")) != "true":
        return None
    from referee_app.web.server import DEFAULT_PORT

    try:
        port = int(settings.value(PORT_KEY, DEFAULT_PORT))  # type: ignore[call-overload]
    except (TypeError, ValueError):
        port = DEFAULT_PORT
    return port, str(settings.value(LAN_KEY, "false")) == "true"


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on the network (what a TV or OBS on the LAN types). Python's
    socket, not QtNetwork, which the app bundle leaves out."""
    import socket

    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route is looked up
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not a.startswith("127.")]


class OverlayDialog(QDialog):
    """Not modal: the referee keeps recording while it is open."""

    def __init__(self, overlay: LiveOverlay, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overlayDialog")
        self.overlay = overlay
        self.settings = settings
        self.setWindowTitle(self.tr("Live overlay"))
        form = QFormLayout()
        self.port = QSpinBox(self)
        self.port.setObjectName("overlayPort")
        self.port.setRange(1024, 65535)
        from referee_app.web.server import DEFAULT_PORT

        self.port.setValue(int(settings.value(PORT_KEY, DEFAULT_PORT)))  # type: ignore[call-overload]
        form.addRow(self.tr("Port:"), self.port)
        self.lan = QCheckBox(self.tr("Other devices on the network may connect (TV, phones, a streaming PC)"), self)
        self.lan.setObjectName("overlayLan")
        self.lan.setChecked(str(settings.value(LAN_KEY, "false")) == "true")
        form.addRow(self.lan)
        self.toggle = QPushButton(self)
        self.toggle.setObjectName("overlayToggle")
        self.toggle.clicked.connect(self._toggle)
        self.addresses = QLabel(self)
        self.addresses.setObjectName("overlayAddresses")
        self.addresses.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.addresses.setOpenExternalLinks(True)
        self.addresses.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.toggle)
        layout.addWidget(self.addresses)
        layout.addWidget(buttons)
        self._show_status()

    def _toggle(self) -> None:
        if self.overlay.running:
            self.overlay.stop()
            self.settings.setValue(ON_KEY, "false")
        else:
            self.settings.setValue(PORT_KEY, self.port.value())
            self.settings.setValue(LAN_KEY, "true" if self.lan.isChecked() else "false")
            started = self.overlay.start(self.port.value(), self.lan.isChecked())
            self.settings.setValue(ON_KEY, "true" if started else "false")
        self.settings.sync()
        self._show_status()

    def _show_status(self) -> None:
        server = self.overlay.server
        self.port.setEnabled(server is None)
        self.lan.setEnabled(server is None)
        if server is None:
            self.toggle.setText(self.tr("Start the overlay"))
            self.addresses.setText(self.tr("The overlay is off."))
            return
        self.toggle.setText(self.tr("Stop the overlay"))
        self.port.setValue(server.port)  # started with --overlay PORT, or from this dialog
        self.lan.setChecked(server.lan)
        hosts = ["127.0.0.1"] + (lan_addresses() if server.lan else [])
        lines = [
            self.tr("For OBS or vMix (browser source, 1920×1080):"),
            *[_link(server.url("overlay", host)) for host in hosts],
            self.tr("Compact lower third: add ?style=lower; in French: ?lang=fr."),
            self.tr("For a TV beside the table or a phone:"),
            *[_link(server.url("table", host)) for host in hosts],
            self.tr("For vMix's data source: {url}").format(url=_link(server.url("vmix.json", hosts[-1]))),
        ]
        self.addresses.setText("<br>".join(lines))


def _link(url: str) -> str:
    return f'<a href="{url}">{url}</a>'
