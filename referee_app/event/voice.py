"""The call said aloud on the organizer's laptop: a chime, and (optional) the call spoken in French
or English by the system's own offline speech ("Table 5: Ana Lopez, Ben Novak").

Nothing here needs the internet or a package: Linux speaks through `espeak-ng` (or `espeak`) when
it is installed, macOS through `say`, Windows through PowerShell's System.Speech; the chime is a
short WAV made here and played by the system's player (`pw-play`, `paplay` or `aplay`; `afplay`;
Windows' `winsound`). Where no engine speaks a language, the call is the chime alone. The text goes
to the engine on its standard input, never on its command line: a player's name is not an option.

`Speaker` is the small interface the board talks to; tests hand it their own.
"""

from __future__ import annotations

import io
import math
import queue
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from referee_app.i18n import QT_TRANSLATE_NOOP, Translate, english

CTX = "Voice"
CALL = QT_TRANSLATE_NOOP("Voice", "Table {n}: {names}")
"""The first call: the table, then the players to come ("Table 5: Ana Lopez, Ben Novak")."""
CALL_AGAIN = QT_TRANSLATE_NOOP("Voice", "Table {n}: {names}, second call")
CALL_THIRD = QT_TRANSLATE_NOOP("Voice", "Table {n}: {names}, third call")
CALL_LAST = QT_TRANSLATE_NOOP("Voice", "Table {n}: {names}, last call, one minute left")
LANGUAGES = ("en", "fr")
"""The languages the board speaks."""

Run = Callable[[Sequence[str], bytes], bool]
"""Run a program with these arguments and this standard input to its end; False: it could not be
started, or failed."""


class Speaker(Protocol):
    """What the board needs to say a call: `chime` always, `say` when the voice is on."""

    def chime(self) -> bool:
        """Play the chime; False: no sound could be played."""
        ...

    def say(self, text: str, language: str) -> bool:
        """Start saying `text` in `language` ("en", "fr"); False: no engine speaks it here."""
        ...


def call_words(table: int, names: Sequence[str], repeat: int = 0, tr: Translate = english) -> str:
    """The call as it is said: "Table 5: Ana Lopez, Ben Novak"; `repeat` 1 and 2 are the calls made
    again (+5, +10 under WPA §22), 3 the last one with its minute's warning (+14)."""
    template = (CALL, CALL_AGAIN, CALL_THIRD, CALL_LAST)[max(0, min(repeat, 3))]
    return tr(CTX, template).format(n=table, names=", ".join(names))


def chime_wav(rate: int = 22050) -> bytes:
    """A two-note chime (E6 then C6, 0.7 s), 16-bit mono WAV: short, clear over a hall's noise."""
    frames = bytearray()
    for freq, seconds in ((1318.5, 0.3), (1046.5, 0.4)):
        count = int(rate * seconds)
        for i in range(count):
            t = i / rate
            envelope = min(1.0, t / 0.01) * math.exp(-4.0 * t)  # a quick attack, then it rings out
            sample = envelope * (0.6 * math.sin(2 * math.pi * freq * t) + 0.2 * math.sin(4 * math.pi * freq * t))
            frames += struct.pack("<h", int(max(-1.0, min(1.0, sample)) * 32000))
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))
    return out.getvalue()


WINDOWS_SPEECH = (
    "Add-Type -AssemblyName System.Speech; "
    "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
    "$v = $s.GetInstalledVoices() | Where-Object { $_.Enabled -and "
    "$_.VoiceInfo.Culture.TwoLetterISOLanguageName -eq '{lang}' } | Select-Object -First 1; "
    "if (-not $v) { exit 3 }; $s.SelectVoice($v.VoiceInfo.Name); "
    "$s.Speak([Console]::In.ReadToEnd())"
)
"""System.Speech with a voice of the language (exit 3 when Windows has none: the chime stays alone)."""


def mac_voice(language: str, listing: str) -> str | None:
    """The first voice `say -v ?` lists for `language` ("Thomas  fr_FR  # Bonjour…"), or None."""
    for line in listing.splitlines():
        parts = line.split("#", 1)[0].split()
        if len(parts) >= 2 and parts[-1].lower().startswith(f"{language}_"):
            return " ".join(parts[:-1])
    return None


def speech_command(
    language: str,
    platform: str | None = None,
    which: Callable[[str], str | None] = shutil.which,
    mac_voices: Callable[[], str] = lambda: "",
) -> list[str] | None:
    """The program that says standard input's text in `language` on this system, or None."""
    if language not in LANGUAGES:
        return None
    platform = sys.platform if platform is None else platform
    if platform == "darwin":
        say = which("say")
        voice = mac_voice(language, mac_voices()) if say else None
        return [say, "-v", voice] if say and voice else None
    if platform == "win32":
        shell = which("powershell") or which("powershell.exe")
        command = WINDOWS_SPEECH.replace("{lang}", language)
        return [shell, "-NoProfile", "-NonInteractive", "-Command", command] if shell else None
    for name in ("espeak-ng", "espeak"):
        found = which(name)
        if found:
            return [found, "-v", language, "--stdin"]
    return None


def chime_command(
    wav: Path, platform: str | None = None, which: Callable[[str], str | None] = shutil.which
) -> list[str] | None:
    """The program that plays `wav` here (Windows plays it itself: None)."""
    platform = sys.platform if platform is None else platform
    players = {"darwin": ("afplay",), "win32": ()}.get(platform, ("pw-play", "paplay", "aplay"))
    for name in players:
        found = which(name)
        if found:
            return [found, "-q", str(wav)] if name == "aplay" else [found, str(wav)]
    return None


def run_program(args: Sequence[str], stdin: bytes) -> bool:
    """`Run` on the system: the program run to its end (a minute at most), its input written and
    closed; False when it cannot start or fails."""
    try:
        done = subprocess.run(
            list(args), input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


@dataclass
class SystemSpeaker:
    """`Speaker` with the system's programs, played one after the other on a thread of its own (the
    chime, then the words; never on the board's thread). `say` and `chime` answer whether the system
    has what it takes; `run`, `which` and `platform` are for the tests."""

    run: Run = run_program
    which: Callable[[str], str | None] = shutil.which
    platform: str | None = None
    folder: Path | None = None
    """Where the chime's WAV is written once (a private temporary folder by default)."""
    _wav: Path | None = None
    _queue: queue.Queue[Callable[[], object]] = field(default_factory=queue.Queue)
    _thread: threading.Thread | None = None

    def _play(self, job: Callable[[], object]) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name="voice", daemon=True)
            self._thread.start()
        self._queue.put(job)

    def _loop(self) -> None:
        while True:
            job = self._queue.get()
            try:
                job()
            except Exception:  # a sound that fails is the chime's or the voice's loss alone
                pass
            finally:
                self._queue.task_done()

    def wait(self) -> None:
        """Until every sound asked for is played (for the tests)."""
        self._queue.join()

    def _mac_voices(self) -> str:
        say = self.which("say")
        if not say:
            return ""
        try:
            return subprocess.run([say, "-v", "?"], capture_output=True, text=True, timeout=10, check=False).stdout
        except (OSError, subprocess.SubprocessError):
            return ""

    def say(self, text: str, language: str) -> bool:
        command = speech_command(language, self.platform, self.which, self._mac_voices)
        if command is None:
            return False
        self._play(lambda: self.run(command, text.encode("utf-8")))
        return True

    def chime(self) -> bool:
        wav = self._chime_file()
        if wav is None:
            return False
        if (sys.platform if self.platform is None else self.platform) == "win32":
            self._play(lambda: _windows_chime(wav))
            return True
        command = chime_command(wav, self.platform, self.which)
        if command is None:
            return False
        self._play(lambda: self.run(command, b""))
        return True

    def _chime_file(self) -> Path | None:
        if self._wav is None:
            try:
                folder = self.folder or Path(tempfile.mkdtemp(prefix="referee-chime-"))
                wav = folder / "chime.wav"
                wav.write_bytes(chime_wav())
            except OSError:
                return None
            self._wav = wav
        return self._wav


def _windows_chime(wav: Path) -> bool:
    try:
        import winsound  # Windows' own

        winsound.PlaySound(str(wav), winsound.SND_FILENAME)  # type: ignore[attr-defined,unused-ignore]
    except (ImportError, RuntimeError):
        return False
    return True


@dataclass(frozen=True, slots=True)
class CallMade:
    """A call the board makes: the match on `table`, the players it calls (those not at the table),
    and which call it is (0 the first; 1, 2, 3 the calls made again, the last with its minute)."""

    match: str
    table: int
    names: tuple[str, ...]
    repeat: int = 0


@dataclass
class Announcer:
    """Each call said once, as the board sees it made: the chime, then (voice on) the words in the
    board's language; the chime alone where the system has no voice for it. The calls already made
    when the board opens are not said again (`heard` first primes): a board restarted mid-event does
    not call the whole hall."""

    speaker: Speaker
    language: str = "en"
    voice: bool = True
    tr: Translate = english
    said: set[tuple[str, int, int]] | None = None
    """The calls heard so far (match, table, repeat); None until the first view."""

    def hear(self, calls: Sequence[CallMade]) -> list[str]:
        """Say the calls not heard before; the words said (empty for a chime alone or nothing new)."""
        keys = {(c.match, c.table, c.repeat): c for c in calls}
        if self.said is None:
            self.said = set(keys)
            return []
        new = [c for key, c in keys.items() if key not in self.said and c.names]
        self.said |= set(keys)
        spoken: list[str] = []
        for call in sorted(new, key=lambda c: (c.repeat, c.table)):
            self.speaker.chime()
            if self.voice:
                text = call_words(call.table, call.names, call.repeat, self.tr)
                if self.speaker.say(text, self.language):
                    spoken.append(text)
        return spoken
