"""A real Chromium driven by Selenium, and a real `checklist serve`, for the browser tests.

Debian's chromium and chromium-driver (scripts/setup.sh installs them when it can); Selenium's
own driver manager cannot download here, so the Service is pointed at /usr/bin/chromedriver.
axe-core comes from the npm registry (`npm pack axe-core`) into a cache outside the repository.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
SCREENS = ROOT / "build" / "screens"  # the screenshots: an artifact folder (gitignored)
AXE_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "checklist-tests" / "axe-core"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")  # fmt: skip


def missing() -> str | None:
    """Why there can be no browser test here, or None."""
    if not Path(CHROMIUM).exists() or not Path(CHROMEDRIVER).exists():
        return ("no Chromium: install Debian's chromium and chromium-driver (bash scripts/setup.sh does, as root); "
                f"looked for {CHROMIUM} and {CHROMEDRIVER}")  # fmt: skip
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed: bash scripts/setup.sh installs the dev extras"
    return None


def chrome(profile: Path, width: int = 1280, height: int = 800) -> Any:
    """A headless Chromium with a fresh profile, its viewport exactly width x height."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    viewport(driver, width, height)
    return driver


def viewport(driver: Any, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})  # fmt: skip


class Server:
    """`checklist serve` in a subprocess, on a free port; stop() is Ctrl-C."""

    def __init__(self, *args: str) -> None:
        command = [sys.executable, "-m", "checklist", "serve", "--port", "0", *args]
        self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        if found is None:
            self.stop()
            raise AssertionError(f"checklist serve printed {line!r}; stderr: {self.proc.stderr.read()}")  # type: ignore[union-attr]
        self.url = found.group(1)
        self.first = line  # the whole first line (with --players, the game master's key)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=120)


def axe_source() -> str | None:
    """axe.min.js from the npm registry, cached outside the repository; None when npm cannot fetch it."""
    script = AXE_CACHE / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        if npm is None:
            return None
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            done = subprocess.run([npm, "pack", "axe-core", "--silent"], cwd=tmp, capture_output=True, text=True,
                                  timeout=120)  # fmt: skip
            packed = list(Path(tmp).glob("axe-core-*.tgz"))
            if done.returncode != 0 or not packed:
                return None
            with tarfile.open(packed[0]) as tar:
                member = tar.extractfile("package/axe.min.js")
                licence = tar.extractfile("package/LICENSE")
                if member is None:
                    return None
                script.write_bytes(member.read())
                if licence is not None:  # MPL-2.0
                    (AXE_CACHE / "LICENSE").write_bytes(licence.read())
    return script.read_text("utf-8")


def axe_violations(driver: Any, source: str) -> list[str]:
    """axe-core (`source`, from axe_source) run on the page: its serious and critical violations,
    each with its help and the first three places it found."""
    driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(r.violations)));"
    )
    serious = [v for v in json.loads(result) if v["impact"] in ("serious", "critical")]
    return [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in serious]
