"""TLS on the venue network: the event server's certificate, made at `init`, and the desk's pin.

The certificate is self-signed (`openssl req -x509`): no authority vouches for a laptop at a
venue. A desk is given its fingerprint (printed by `init`, shown on the board) and checks the
certificate the server presents against it once, at `connect`; from then on libpq verifies the
server against that certificate alone (`sslmode=verify-ca`), so someone in the middle on the
venue Wi-Fi can neither read nor relay a desk's login and events.
"""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import struct
import subprocess
from pathlib import Path

from referee_app.system import is_windows, make_private
from referee_app.venue.model import EventServerError, WrongFingerprint, fingerprint, same_fingerprint

CERTIFICATE = "server.crt"
PRIVATE_KEY = "server.key"
SSL_REQUEST = struct.pack("!ii", 8, 80877103)
"""PostgreSQL's SSLRequest: the server answers S (it speaks TLS) or N."""


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A new key and self-signed certificate in `folder` (which must not hold them yet)."""
    openssl = find_openssl()
    key, certificate = folder / PRIVATE_KEY, folder / CERTIFICATE
    if key.exists() or key.is_symlink() or certificate.exists() or certificate.is_symlink():
        raise EventServerError(f"{folder} already holds a certificate")
    done = subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", str(key), "-out", str(certificate), "-days", "3650", "-subj", "/CN=referee-app event server"],
        capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()
        raise EventServerError(f"making the server's certificate failed: {detail[-1] if detail else done.returncode}")
    make_private(key)  # PostgreSQL refuses a key others can read (0600); on Windows, its access list
    return key, certificate


def find_openssl() -> str:
    """The openssl command: on the PATH (Linux, macOS), or on Windows where Git for Windows or
    the OpenSSL installer put it; else a refusal saying how to get it."""
    found = shutil.which("openssl")
    if found is None and is_windows():
        for variable in ("ProgramW6432", "ProgramFiles"):
            base = Path(os.environ.get(variable) or "C:/Program Files")
            for candidate in (
                base / "Git" / "usr" / "bin" / "openssl.exe",
                base / "OpenSSL-Win64" / "bin" / "openssl.exe",
            ):
                if candidate.is_file():
                    return str(candidate)
    if found is None:
        raise EventServerError(
            "the openssl command is needed to make the server's certificate (Debian/Ubuntu: apt install openssl; "
            "Windows: install Git for Windows or OpenSSL, or put openssl.exe on the PATH)"
        )
    return found


def certificate_fingerprint(certificate: Path) -> str:
    return fingerprint(ssl.PEM_cert_to_DER_cert(certificate.read_text()))


def server_certificate(host: str, port: int, timeout_s: float = 5.0) -> bytes:
    """The certificate the event server presents (DER), read with PostgreSQL's own TLS opening."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s) as raw:
            raw.sendall(SSL_REQUEST)
            if raw.recv(1) != b"S":
                raise EventServerError(f"the event server at {host}:{port} does not offer TLS")
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE  # checked below against the pinned fingerprint, not an authority
            with context.wrap_socket(raw) as tls:
                der = tls.getpeercert(binary_form=True)
    except (OSError, ssl.SSLError) as exc:
        raise EventServerError(f"cannot reach the event server at {host}:{port}: {exc}") from None
    if not der:
        raise EventServerError(f"the event server at {host}:{port} presented no certificate")
    return der


def pinned_certificate(host: str, port: int, typed: str) -> str:
    """The server's certificate (PEM) when it matches the fingerprint the referee typed; else a sentence."""
    der = server_certificate(host, port)
    if not same_fingerprint(der, typed):
        raise WrongFingerprint(
            f"the event server at {host}:{port} is not the one whose fingerprint you typed "
            f"(it shows {fingerprint(der)}): check the address and the fingerprint on the board"
        )
    return ssl.DER_cert_to_PEM_cert(der)
