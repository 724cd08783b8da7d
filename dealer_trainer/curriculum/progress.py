"""Where a trainee's practice log lives between sessions: a JSON file, rewritten atomically after
every graded round, so closing or killing the app never loses a finished round.

The log is what the lesson browser's statuses and the "my mistakes" session are computed from
(``PracticeLog``, ``mastery``, ``leitner_boxes``). A file that cannot be read is kept aside
under a new name and the trainee starts a fresh log, with the reason reported, rather than the
app refusing to open.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

from dealer_trainer.curriculum.scheduler import PracticeLog, RoundRecord

LOG_NAME = "practice_log.json"


def default_log_path() -> Path:
    """The platform's user data folder for the app (``~/.local/share/dealer-trainer`` on Linux);
    ``DEALER_TRAINER_PRACTICE_LOG`` points elsewhere (tests, a shared station)."""
    override = os.environ.get("DEALER_TRAINER_PRACTICE_LOG")
    if override:
        return Path(override)
    return Path(user_data_dir("dealer-trainer", appauthor=False)) / LOG_NAME


@dataclass
class ProgressFile:
    """One trainee's practice log on disk."""

    path: Path = field(default_factory=default_log_path)
    log: PracticeLog = field(default_factory=PracticeLog)
    warning: str = ""
    """Why the file on disk could not be used, when it could not ("" otherwise)."""

    @classmethod
    def open(cls, path: Path | None = None) -> ProgressFile:
        progress = cls(path or default_log_path())
        progress.log, progress.warning = _read(progress.path)
        return progress

    def add(self, record: RoundRecord) -> None:
        """Append a graded round and write the whole log before returning."""
        self.log = self.log.with_round(record)
        _write(self.path, json.dumps(self.log.to_json(), indent=1))


def _read(path: Path) -> tuple[PracticeLog, str]:
    if not path.exists():
        return PracticeLog(), ""
    try:
        return PracticeLog.from_json(json.loads(path.read_text(encoding="utf-8"))), ""
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        kept = path.with_name(f"{path.stem}.unreadable{path.suffix}")
        try:
            os.replace(path, kept)
        except OSError:
            kept = path
        return PracticeLog(), (
            f"{path}: the practice log could not be read ({error}); it was kept as {kept.name} "
            "and a new log was started"
        )


def _write(path: Path, text: str) -> None:
    """Write beside the target, flush to disk, then rename over it: a crash leaves either the
    old log or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


__all__ = ["LOG_NAME", "ProgressFile", "default_log_path"]
