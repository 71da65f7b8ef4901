import os
from pathlib import Path

import pytest

from cardkit.source.boundary import InputRefused, read_input


def test_reads_a_regular_file_inside_the_root(tmp_path: Path):
    (tmp_path / "a.yaml").write_bytes(b"x: 1\n")
    assert read_input(tmp_path / "a.yaml", root=tmp_path, limit=100) == b"x: 1\n"


def test_a_link_inside_the_root_is_followed(tmp_path: Path):
    (tmp_path / "a.yaml").write_bytes(b"x: 1\n")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "a.yaml")
    assert read_input(tmp_path / "b.yaml", root=tmp_path, limit=100) == b"x: 1\n"


def test_a_link_to_outside_is_refused_naming_the_link(tmp_path: Path):
    root = tmp_path / "project"
    root.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("root:*:0:0\n")
    (root / "cards.yaml").symlink_to(secret)
    with pytest.raises(InputRefused) as refused:
        read_input(root / "cards.yaml", root=root, limit=100)
    message = str(refused.value)
    assert message == (f"{root / 'cards.yaml'}: {root / 'cards.yaml'} is a link to {secret}, "
                       f"outside {root}; only files inside it are read")
    assert "root:*" not in message


def test_a_linked_folder_to_outside_is_named(tmp_path: Path):
    root = tmp_path / "project"
    root.mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "a.yaml").write_text("x: 1\n")
    (root / "cards").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(InputRefused, match=r"cards is a link to .*elsewhere/a.yaml, outside"):
        read_input(root / "cards" / "a.yaml", root=root, limit=100)


def test_a_device_is_refused_before_reading(tmp_path: Path):
    with pytest.raises(InputRefused, match=r"^/dev/zero: is a device, not a regular file$"):
        read_input(Path("/dev/zero"), root=Path("/dev"), limit=100)


def test_a_fifo_is_refused_without_blocking(tmp_path: Path):
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(InputRefused, match=r"pipe: is a FIFO \(named pipe\), not a regular file$"):
        read_input(tmp_path / "pipe", root=tmp_path, limit=100)


def test_a_folder_is_refused(tmp_path: Path):
    (tmp_path / "sub").mkdir()
    with pytest.raises(InputRefused, match=r"sub: is a folder, not a regular file$"):
        read_input(tmp_path / "sub", root=tmp_path, limit=100)


def test_the_limit_is_counted_while_reading(tmp_path: Path):
    (tmp_path / "big").write_bytes(b"x" * 101)
    with pytest.raises(InputRefused, match=r"big: is larger than the limit of 100 bytes$"):
        read_input(tmp_path / "big", root=tmp_path, limit=100)
    (tmp_path / "fits").write_bytes(b"x" * 100)
    assert len(read_input(tmp_path / "fits", root=tmp_path, limit=100)) == 100


def test_a_missing_file(tmp_path: Path):
    with pytest.raises(InputRefused, match=r"gone.yaml: does not exist$"):
        read_input(tmp_path / "gone.yaml", root=tmp_path, limit=100)
