"""Writing several files all or nothing, even when the process is killed halfway.

    with Transaction(directory) as transaction:
        transaction.write(path, data)      # bytes or str; nothing visible changes yet

Each file is written in full to a staging folder inside `directory` as soon as it is
given. When the block ends cleanly every staged file is flushed to disk, a journal naming
each staged file and its target is written and renamed into place (the commit point),
and the staged files are renamed over their targets; then the staging folder goes. When
the block raises, the staging folder is removed and no file has changed.

A crash (even `kill -9`) leaves the staging folder behind. `recover(directory)`, which
every writing command calls first, finds it: with a journal the commit had happened, so
the remaining renames are completed; without one the commit had not, so it is discarded.
Either way each file is wholly old or wholly new, and no temporary file stays.

The journal is ASCII text: one line per staged file, then a line `end`:

    <staged file's name> TAB <target's path relative to `directory`, its bytes in hexadecimal>

A journal is input like any other: it may have been planted (a staging folder added to a
repository or an archive) or copied with the project. Outside the project (the folder of an
`-o FILE`, a build's output folder) `recover` acts only on a staging folder that carries
the stamp `Transaction` writes into it as it makes it: the folder's own device and inode,
which a folder unpacked or copied there does not have; any other is refused, naming it,
and nothing is touched. `recover` carries one out only when
all of it holds (see `read_journal`); otherwise it raises JournalRefused, naming the journal
and each line at fault, and touches nothing. Since targets are relative, a copied project
completes its own interrupted write, never the original's.

A target that is a link is written through to the file it leads to, when that file lies
inside `directory`; the link itself stays a link. Links leading outside are refused, and so
is a target that exists and is not a regular file (a device, a FIFO): it is never replaced.
Files keep their permission bits. Failures raise `WriteFailed` naming the file and the
reason (disk full, permission denied, read-only file system, not a folder...).
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from cardkit.source.boundary import InputRefused, file_kind, read_input
from cardkit.source.policy import excerpt

STAGING = ".cardkit-staging"
JOURNAL = "journal"
# The journal renamed once every move is done: a staging folder holding it had been
# committed and completed, and only its removal was cut short.
DONE = "journal.done"
# The staging folder's own device and inode, written in it as it is made: outside the
# project, `recover` acts only on a staging folder whose stamp matches it, so one unpacked
# from an archive or copied there (a new folder, a new inode) is refused.
STAMP = "stamp"
JOURNAL_END = "end"
# A line is a short name and a path's bytes in hexadecimal: far more files than any write
# has fit in this.
JOURNAL_LIMIT = 16 * 1024 * 1024
# The names `Transaction.write` gives staged files.
STAGED_NAME = re.compile(r"[0-9]{1,12}")
HEXADECIMAL = re.compile(r"(?:[0-9a-f]{2})+")
# A refused journal names at most this many of its faults.
FAULTS_SHOWN = 20

REASONS = {
    errno.ENOSPC: "no space left on the device (disk full)",
    errno.EDQUOT: "disk quota exceeded",
    errno.EACCES: "permission denied",
    errno.EPERM: "operation not permitted (the file may be immutable)",
    errno.EROFS: "read-only file system",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.ENOENT: "no such file or folder",
    errno.EXDEV: "lies on another file system than the project folder",
}


class WriteFailed(Exception):
    """A file could not be written; `str()` is "<path>: <reason>"."""

    def __init__(self, path: Path, reason: str, committed: bool = False):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
        # True when the failure came after the commit point: the files are not all old,
        # and the next `recover` completes the write.
        self.committed = committed

    def __reduce__(self):
        # As it was raised when handed back from another process (one that renders, say).
        return WriteFailed, (self.path, self.reason, self.committed)


class JournalRefused(WriteFailed):
    """A staging folder or journal `recover` will not act on; nothing was touched.
    `faults` are (line or None, reason); `str()` names each at its line."""

    def __init__(self, path: Path, faults: list[tuple[int | None, str]], staging: Path):
        super().__init__(path, "; ".join(reason for _, reason in faults))
        self.faults = faults
        self.staging = staging
        lines = [f"{path}:{line}: {reason}" if line else f"{path}: {reason}"
                 for line, reason in faults[:FAULTS_SHOWN]]
        if len(faults) > FAULTS_SHOWN:
            lines.append(f"{path}: and {len(faults) - FAULTS_SHOWN} more faults")
        lines.append("the interrupted write was neither completed nor discarded, and nothing "
                     f"was changed; look into {staging}, then remove it")
        self.args = ("\n".join(lines),)

    def __reduce__(self):
        return JournalRefused, (self.path, self.faults, self.staging)


def reason_of(exc: OSError) -> str:
    return REASONS.get(exc.errno, (exc.strerror or str(exc)).lower())


@dataclass(frozen=True)
class Move:
    """One rename a committed write makes: a staged file over its target (a real path)."""

    staged: Path
    target: Path


class Transaction:
    def __init__(self, directory: Path):
        self.directory = Path(directory)
        self.staging = self.directory / STAGING
        self.staged: list[tuple[str, Path, int]] = []  # staged name, target, mode
        self._staged_targets: set[Path] = set()
        self.created_folders: list[Path] = []

    def __enter__(self) -> "Transaction":
        if not self.directory.is_dir():
            reason = "does not exist" if not self.directory.exists() else "is not a folder"
            raise WriteFailed(self.directory, reason)
        try:
            self.staging.mkdir()
        except FileExistsError:
            raise WriteFailed(self.staging, "another write is in progress here, or was "
                                            "interrupted (the next cardkit command that writes "
                                            "here completes or discards it)") from None
        except OSError as exc:
            raise WriteFailed(self.staging, reason_of(exc)) from None
        try:
            with open(self.staging / STAMP, "w", encoding="ascii") as stamp:
                stamp.write(_stamp_of(self.staging))
                stamp.flush()
                os.fsync(stamp.fileno())
        except OSError as exc:
            self._discard()
            raise WriteFailed(self.staging, reason_of(exc)) from None
        return self

    def write(self, path: Path, data: bytes | str) -> None:
        """Stages `data` as the new content of `path`."""
        content = data.encode("utf-8") if isinstance(data, str) else data
        target = self._target(Path(path))
        staged = self.staging / str(len(self.staged))
        mode = self._mode_for(path, target)
        try:
            descriptor = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                view = memoryview(content)
                while view:
                    view = view[os.write(descriptor, view):]
                os.fchmod(descriptor, mode)
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None
        self.staged.append((staged.name, target, mode))
        self._staged_targets.add(target)

    def _target(self, path: Path) -> Path:
        """The file a write to `path` replaces: the end of its links, inside the folder."""
        root = self.directory.resolve()
        target = path.absolute().resolve()
        if not (target == root or target.is_relative_to(root)):
            if path.is_symlink():
                raise WriteFailed(path, f"is a link to {target}, outside {root}; "
                                        "not written through")
            raise WriteFailed(path, f"lies outside {root}")
        if target.is_relative_to(self.staging.resolve()):
            raise WriteFailed(path, "lies in the staging folder")
        if target.is_dir():
            raise WriteFailed(path, "is a folder where a file should be written")
        if target.exists() and not target.is_file():
            raise WriteFailed(path, f"is {file_kind(os.stat(target).st_mode)}, not a regular "
                                    "file; it is not replaced")
        if target in self._staged_targets:
            raise WriteFailed(path, "is written twice in one transaction")
        self._make_folder(path, target.parent)
        if not os.access(target.parent, os.W_OK):
            raise WriteFailed(path, "permission denied: its folder is not writable")
        if target.exists() and not os.access(target, os.W_OK):
            raise WriteFailed(path, "permission denied: the file is not writable")
        if os.stat(target.parent).st_dev != os.stat(self.staging).st_dev:
            raise WriteFailed(path, REASONS[errno.EXDEV])
        return target

    def _make_folder(self, path: Path, folder: Path) -> None:
        missing = [parent for parent in (folder, *folder.parents) if not parent.exists()]
        for parent in reversed(missing):
            try:
                parent.mkdir()
            except OSError as exc:
                raise WriteFailed(path, f"cannot create the folder {parent}: {reason_of(exc)}") from None
            self.created_folders.append(parent)

    @staticmethod
    def _mode_for(path: Path, target: Path) -> int:
        try:
            return os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            return 0o666 & ~_umask()
        except OSError as exc:
            raise WriteFailed(path, reason_of(exc)) from None

    def __exit__(self, kind, value, traceback) -> None:
        if kind is not None:
            self._discard()
            return
        try:
            self._commit()
        except OSError as exc:
            path = getattr(exc, "filename", None) or self.staging
            raise WriteFailed(Path(path), f"{reason_of(exc)}; the write was committed, and the next "
                              "cardkit command that writes here completes it", committed=True) from None

    def _commit(self) -> None:
        root = self.directory.resolve()
        try:
            lines = [f"{name}\t{os.fsencode(str(target.relative_to(root))).hex()}"
                     for name, target, _ in self.staged]
            pending = self.staging / (JOURNAL + ".new")
            with open(pending, "w", encoding="ascii") as journal:
                journal.write("\n".join([*lines, JOURNAL_END]) + "\n")
                journal.flush()
                os.fsync(journal.fileno())
            _fsync_folder(self.staging)
            os.replace(pending, self.staging / JOURNAL)  # the commit point
            _fsync_folder(self.staging)
        except OSError as exc:
            self._discard()
            raise WriteFailed(self.staging, reason_of(exc)) from None
        _apply(self.staging, [Move(self.staging / name, target) for name, target, _ in self.staged])

    def _discard(self) -> None:
        shutil.rmtree(self.staging, ignore_errors=True)
        for folder in reversed(self.created_folders):
            try:
                folder.rmdir()
            except OSError:
                pass


def recover(directory: Path, in_project: bool = False) -> str | None:
    """Completes or discards a transaction a crash interrupted in `directory`; says which,
    or None when there was none. Raises JournalRefused, having touched nothing, for a
    staging folder or journal it will not act on: outside the project (`in_project`
    False), one whose stamp does not say cardkit made it there."""
    staging = Path(directory) / STAGING
    try:
        mode = os.lstat(staging).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise WriteFailed(staging, reason_of(exc)) from None
    if not stat.S_ISDIR(mode):
        shown = f"a link to {staging.resolve()}" if stat.S_ISLNK(mode) else file_kind(mode)
        raise JournalRefused(staging, [(None, f"is {shown}, not the staging folder cardkit makes")],
                             staging)
    if not in_project and not _stamped(staging):
        if _holds_nothing(staging):  # killed before its stamp was written: nothing to act on
            shutil.rmtree(staging, ignore_errors=True)
            return (f"{staging}: an interrupted write had not been committed; it was discarded "
                    "and no file was changed")
        raise JournalRefused(staging, [(None, "was not made here by cardkit (it has no stamp "
                                              "matching this folder): it may have been unpacked "
                                              "or copied here, and is not acted on outside a "
                                              "project")], staging)
    if os.path.lexists(staging / DONE) and not os.path.lexists(staging / JOURNAL):
        shutil.rmtree(staging, ignore_errors=True)
        return (f"{staging}: an interrupted write had been committed and completed; the staging "
                "folder it left was removed")
    moves = read_journal(directory)
    if moves is None:
        shutil.rmtree(staging, ignore_errors=True)
        return (f"{staging}: an interrupted write had not been committed; it was discarded "
                "and no file was changed")
    try:
        count = _apply(staging, moves)
    except OSError as exc:
        raise WriteFailed(Path(exc.filename or staging), "cannot complete an interrupted write: "
                          + reason_of(exc)) from None
    return (f"{staging}: an interrupted write had been committed; it was completed "
            f"({count} of {len(moves)} files still to move)")


def read_journal(directory: Path) -> list[Move] | None:
    """The moves the journal in `directory`'s staging folder records; None when there is
    no journal (the write had not been committed). Raises JournalRefused unless all of it
    holds: the journal is a regular file (not a link) in the staging folder, ASCII text
    ending with the line `end`; each line is a staged file's name and a target. The name
    is a number, and its file, where it is still there, a regular file with no other name
    (no link, no hard link) directly in the staging folder. The target is a relative path
    without `..` which, its links resolved, lies inside `directory` and outside the staging
    folder, and is a regular file or not there yet, in a folder that is. No name and no
    target comes twice."""
    directory = Path(directory)
    staging = directory / STAGING
    journal = staging / JOURNAL
    try:
        mode = os.lstat(journal).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise JournalRefused(journal, [(None, f"cannot be read: {reason_of(exc)}")], staging) from None
    if not stat.S_ISREG(mode):
        raise JournalRefused(journal, [(None, f"is {file_kind(mode)}, not a regular file")], staging)
    try:
        raw = read_input(journal, root=staging, limit=JOURNAL_LIMIT)
    except InputRefused as exc:
        raise JournalRefused(journal, [(None, exc.reason)], staging) from None
    check = _JournalCheck(directory)
    lines = raw.split(b"\n") if raw else []
    if raw.endswith(b"\n"):
        lines.pop()
    finished = raw.endswith(b"\n") and lines and lines[-1] == JOURNAL_END.encode()
    for number, line in enumerate(lines[:-1] if finished else lines, 1):
        check.line(number, line)
    if not finished:
        check.faults.append((max(len(lines), 1), f"the journal does not end with the line "
                                                 f"{JOURNAL_END!r}, so cardkit did not finish writing it"))
    if check.faults:
        raise JournalRefused(journal, check.faults, staging)
    return check.moves


class _JournalCheck:
    """The lines of one journal, checked as `read_journal` says."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.root = directory.resolve()
        self.staging = directory / STAGING
        self.faults: list[tuple[int | None, str]] = []
        self.moves: list[Move] = []
        self.names: dict[str, int] = {}
        self.targets: dict[Path, int] = {}

    def line(self, number: int, line: bytes) -> None:
        if not line.isascii():
            foreign = next(byte for byte in line if byte > 0x7F)
            self.fault(number, f"holds the byte 0x{foreign:02x}; a journal is ASCII text")
            return
        fields = line.decode("ascii").split("\t")
        if len(fields) != 2:
            self.fault(number, "expected two fields (a staged file's name, a tab, its target), "
                               f"found {len(fields)}")
            return
        before = len(self.faults)
        staged = self.staged_file(number, fields[0])
        target = self.target(number, fields[1])
        if len(self.faults) == before:
            self.moves.append(Move(staged, target))

    def fault(self, number: int, reason: str) -> None:
        self.faults.append((number, reason))

    def staged_file(self, number: int, name: str) -> Path | None:
        if not STAGED_NAME.fullmatch(name):
            self.fault(number, f"the staged file {excerpt(name)} is not a name cardkit gives a "
                               "staged file (a number)")
            return None
        if name in self.names:
            self.fault(number, f"the staged file {name!r} is listed twice (first on line "
                               f"{self.names[name]})")
            return None
        self.names[name] = number
        staged = self.staging / name
        try:
            info = os.lstat(staged)
        except FileNotFoundError:
            return staged  # moved before the interruption
        except OSError as exc:
            self.fault(number, f"the staged file {name!r} cannot be examined: {reason_of(exc)}")
            return None
        if not stat.S_ISREG(info.st_mode):
            self.fault(number, f"the staged file {name!r} is {file_kind(info.st_mode)}, not a "
                               "regular file")
        elif info.st_nlink != 1:
            self.fault(number, f"the staged file {name!r} has {info.st_nlink} names (hard links); "
                               "a staged file has one")
        return staged

    def target(self, number: int, hexadecimal: str) -> Path | None:
        if not hexadecimal:
            self.fault(number, "the target is empty")
            return None
        if not HEXADECIMAL.fullmatch(hexadecimal):
            self.fault(number, f"the target {excerpt(hexadecimal)} is not a path written in "
                               "hexadecimal digits")
            return None
        encoded = bytes.fromhex(hexadecimal)
        relative = PurePosixPath(os.fsdecode(encoded))
        target, reason = None, None
        if b"\0" in encoded:
            reason = "holds a NUL byte"
        elif relative.is_absolute():
            reason = ("is an absolute path; a journal names its targets relative to the folder "
                      "it protects (cardkit before this version wrote absolute paths, which are "
                      "not followed)")
        elif ".." in relative.parts:
            reason = "climbs out with '..'"
        elif not relative.parts:
            reason = "names no file"
        else:
            target, reason = self.resolved(relative)
        shown = excerpt(os.fsdecode(encoded))
        if reason is None and target in self.targets:
            reason = f"is listed twice (first on line {self.targets[target]})"
        if reason is not None:
            self.fault(number, f"the target {shown} {reason}")
            return None
        self.targets[target] = number
        return target

    def resolved(self, relative: PurePosixPath) -> tuple[Path | None, str | None]:
        """The real path of the target at `relative`, or why it may not be replaced."""
        try:
            target = (self.directory / relative).resolve()
        except (OSError, RuntimeError):  # a loop of links
            return None, "cannot be resolved (its links form a loop)"
        if not target.is_relative_to(self.root):
            return None, f"leads to {target}, outside {self.root}"
        if target.is_relative_to(self.root / STAGING):
            return None, "lies in the staging folder"
        try:
            mode = os.lstat(target).st_mode
        except FileNotFoundError:
            if target.parent.is_dir():
                return target, None
            return None, "is in a folder that does not exist"
        except OSError as exc:
            return None, f"cannot be examined: {reason_of(exc)}"
        if not stat.S_ISREG(mode):
            return None, f"is {file_kind(mode)}, not a regular file"
        return target, None


def _apply(staging: Path, moves: list[Move]) -> int:
    """Renames every staged file still there over its target; then removes the staging
    folder. Returns how many files were moved."""
    moved = 0
    folders = set()
    for move in moves:
        if os.path.lexists(move.staged):
            os.replace(move.staged, move.target)
            folders.add(move.target.parent)
            moved += 1
    for folder in folders:
        _fsync_folder(folder)
    os.replace(staging / JOURNAL, staging / DONE)
    shutil.rmtree(staging)
    return moved


def _stamp_of(staging: Path) -> str:
    found = os.stat(staging)
    return f"{found.st_dev}:{found.st_ino}\n"


def _holds_nothing(staging: Path) -> bool:
    """Whether the staging folder holds nothing, or only a stamp cut short."""
    try:
        names = os.listdir(staging)
    except OSError:
        return False
    return names in ([], [STAMP]) and (not names or os.lstat(staging / STAMP).st_size
                                       < len(_stamp_of(staging)))


def _stamped(staging: Path) -> bool:
    """Whether the staging folder holds the stamp `Transaction` writes: a regular file
    naming this very folder's device and inode."""
    stamp = staging / STAMP
    try:
        if not stat.S_ISREG(os.lstat(stamp).st_mode) or os.lstat(stamp).st_size > 64:
            return False
        return stamp.read_text(encoding="ascii") == _stamp_of(staging)
    except (OSError, UnicodeDecodeError):
        return False


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
