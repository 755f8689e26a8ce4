"""The call said aloud: the words and the language handed to the system's speech, the program chosen
on each system, the chime as a real WAV, and the chime alone where no engine speaks."""

from __future__ import annotations

import io
import wave
from collections.abc import Sequence
from pathlib import Path

import pytest

from referee_app.event.voice import SystemSpeaker, call_words, chime_command, chime_wav, mac_voice, speech_command


class Recorder:
    """`Run` that records what would be started (and answers as told)."""

    def __init__(self, works: bool = True) -> None:
        self.started: list[tuple[list[str], bytes]] = []
        self.works = works

    def __call__(self, args: Sequence[str], stdin: bytes) -> bool:
        self.started.append((list(args), stdin))
        return self.works


def which_of(*present: str):  # type: ignore[no-untyped-def]
    return lambda name: f"/usr/bin/{name}" if name in present else None


def test_the_call_names_the_table_and_the_players_in_english_and_french() -> None:
    from referee_desk.i18n import translator_for

    assert call_words(5, ("Ana Lopez", "Ben Novak")) == "Table 5: Ana Lopez, Ben Novak"
    assert call_words(5, ("Ben Novak",), repeat=1) == "Table 5: Ben Novak, second call"
    assert call_words(5, ("Ben Novak",), repeat=3) == "Table 5: Ben Novak, last call, one minute left"
    french = translator_for("fr")
    assert call_words(5, ("Ana Lopez", "Ben Novak"), tr=french) == "Table 5\u00a0: Ana Lopez, Ben Novak"
    assert call_words(12, ("Éva Martin",), repeat=3, tr=french) == (
        "Table 12\u00a0: Éva Martin, dernier appel, il reste une minute"
    )


def test_linux_speaks_through_espeak_ng_with_the_language_and_the_words_on_standard_input() -> None:
    run = Recorder()
    speaker = SystemSpeaker(run=run, which=which_of("espeak-ng", "espeak"), platform="linux")
    assert speaker.say("Table 5\u00a0: Ana Lopez, Ben Novak", "fr")
    speaker.wait()
    assert run.started == [
        (["/usr/bin/espeak-ng", "-v", "fr", "--stdin"], "Table 5\u00a0: Ana Lopez, Ben Novak".encode())
    ]
    # a name that looks like an option is never on the command line
    speaker.say("Table 1: --help, -w /tmp/x", "en")
    speaker.wait()
    assert run.started[-1][0] == ["/usr/bin/espeak-ng", "-v", "en", "--stdin"]


def test_espeak_is_taken_where_espeak_ng_is_missing_and_nothing_speaks_without_either() -> None:
    assert speech_command("en", "linux", which_of("espeak")) == ["/usr/bin/espeak", "-v", "en", "--stdin"]
    run = Recorder()
    speaker = SystemSpeaker(run=run, which=which_of(), platform="linux")
    assert not speaker.say("Table 5: Ana Lopez, Ben Novak", "en")
    assert run.started == []  # nothing started: the board plays the chime alone


def test_a_language_the_board_does_not_speak_is_not_handed_to_an_engine() -> None:
    assert speech_command("de", "linux", which_of("espeak-ng")) is None


def test_macos_picks_a_voice_of_the_language_from_say_s_list() -> None:
    listing = (
        "Alex                en_US    # Most people recognize me by my voice.\n"
        "Amélie              fr_CA    # Bonjour, je m’appelle Amélie.\n"
        "Thomas              fr_FR    # Bonjour, je m’appelle Thomas.\n"
        "Eddy (German)       de_DE    # Hallo!\n"
    )
    assert mac_voice("fr", listing) == "Amélie"
    assert mac_voice("en", listing) == "Alex"
    assert speech_command("fr", "darwin", which_of("say"), lambda: listing) == ["/usr/bin/say", "-v", "Amélie"]
    # a Mac without a French voice: no speech in French (the chime alone), English still spoken
    english_only = listing.splitlines()[0]
    assert speech_command("fr", "darwin", which_of("say"), lambda: english_only) is None


def test_windows_speaks_through_system_speech_with_a_voice_of_the_language() -> None:
    command = speech_command("fr", "win32", which_of("powershell"))
    assert command is not None and command[:4] == ["/usr/bin/powershell", "-NoProfile", "-NonInteractive", "-Command"]
    assert "TwoLetterISOLanguageName -eq 'fr'" in command[4] and "[Console]::In.ReadToEnd()" in command[4]
    assert speech_command("fr", "win32", which_of()) is None


def test_the_chime_is_a_short_wav_played_by_the_system_s_player(tmp_path: Path) -> None:
    with wave.open(io.BytesIO(chime_wav())) as w:
        seconds = w.getnframes() / w.getframerate()
        assert (w.getnchannels(), w.getsampwidth()) == (1, 2) and 0.5 < seconds < 1.0
        samples = w.readframes(w.getnframes())
    assert max(samples) > 0  # not silence
    run = Recorder()
    speaker = SystemSpeaker(run=run, which=which_of("paplay", "aplay"), platform="linux", folder=tmp_path)
    assert speaker.chime()
    speaker.wait()
    [(args, _)] = run.started
    assert args == ["/usr/bin/paplay", str(tmp_path / "chime.wav")]
    assert (tmp_path / "chime.wav").read_bytes() == chime_wav()
    other = tmp_path / "c.wav"
    assert chime_command(other, "darwin", which_of("afplay")) == ["/usr/bin/afplay", str(other)]
    assert chime_command(other, "linux", which_of("aplay")) == ["/usr/bin/aplay", "-q", str(other)]


def test_no_player_no_chime(tmp_path: Path) -> None:
    assert not SystemSpeaker(run=Recorder(), which=which_of(), platform="linux", folder=tmp_path).chime()


@pytest.mark.skipif(not Path("/usr/bin/false").exists(), reason="needs /usr/bin/true and false")
def test_the_system_run_says_whether_the_program_ran() -> None:
    from referee_app.event.voice import run_program

    assert run_program(["/usr/bin/true"], b"Table 5")
    assert not run_program(["/usr/bin/false"], b"Table 5")
    assert not run_program(["/nonexistent/espeak-ng"], b"Table 5")


class Heard:
    """A `Speaker` that notes what it is asked (`voices`: the languages it speaks)."""

    def __init__(self, voices: tuple[str, ...] = ("en", "fr")) -> None:
        self.voices = voices
        self.sounds: list[tuple[str, ...]] = []

    def chime(self) -> bool:
        self.sounds.append(("chime",))
        return True

    def say(self, text: str, language: str) -> bool:
        if language not in self.voices:
            return False
        self.sounds.append(("say", text, language))
        return True


def test_each_call_is_said_once_with_its_chime_in_the_board_s_language() -> None:
    from referee_desk.i18n import translator_for

    from referee_app.event.voice import Announcer, CallMade

    heard = Heard()
    board = Announcer(heard, "fr", tr=translator_for("fr"))
    old = CallMade("W1-1", 3, ("Ana Lopez", "Ben Novak"))
    assert board.hear([old]) == []  # made before the board opened: not said again
    new = CallMade("W1-2", 5, ("Ana Lopez", "Ben Novak"))
    assert board.hear([old, new]) == ["Table 5\u00a0: Ana Lopez, Ben Novak"]
    assert heard.sounds == [("chime",), ("say", "Table 5\u00a0: Ana Lopez, Ben Novak", "fr")]
    assert board.hear([old, new]) == []  # the same view again: nothing more
    again = CallMade("W1-2", 5, ("Ben Novak",), repeat=1)  # +5: only the one not at the table
    assert board.hear([old, again]) == ["Table 5\u00a0: Ben Novak, deuxième appel"]
    assert heard.sounds[-2:] == [("chime",), ("say", "Table 5\u00a0: Ben Novak, deuxième appel", "fr")]


def test_without_a_voice_for_the_language_or_with_the_voice_off_the_call_is_the_chime_alone() -> None:
    from referee_app.event.voice import Announcer, CallMade

    for heard, board in (
        (h := Heard(voices=("en",)), Announcer(h, "fr")),
        (h2 := Heard(), Announcer(h2, "en", voice=False)),
    ):
        board.hear([])
        assert board.hear([CallMade("W1-1", 2, ("Ana Lopez", "Ben Novak"))]) == []
        assert heard.sounds == [("chime",)]
