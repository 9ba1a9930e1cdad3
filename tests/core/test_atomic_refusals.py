"""Every save goes through core.fileio's atomic writer, which refuses what
the command line refuses: a link (its target is not replaced behind the
user's back), a FIFO, device or folder, and a file the same save reads or
holds open (another asset, the workspace's assets, the exported asset).
The GUI's saves call these same functions."""

from __future__ import annotations

import os
import threading

import pytest

from core import assets, formats
from core.errors import CorpusError, OutputRefused, StudioError
from core.fileio import write_bytes_atomic
from core.models import byte_bpe
from core.workspace import records, workspace_file
from core.workspace.workspace import Workspace

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs and links")


def test_the_writer_refuses_links_special_files_and_inputs(tmp_path):
    target = tmp_path / "target.txt"
    target.write_bytes(b"kept")
    (tmp_path / "link.txt").symlink_to(target)
    os.mkfifo(tmp_path / "ff")
    (tmp_path / "ro.txt").write_bytes(b"kept")
    os.chmod(tmp_path / "ro.txt", 0o444)
    cases = [(tmp_path / "link.txt", (), "is a symbolic link"), (tmp_path / "ff", (), "is a FIFO"),
             (tmp_path / "ro.txt", (), "is read-only; it is not replaced"),
             (tmp_path, (), "is a directory"), (target, [target], "is also an input"),
             (tmp_path / "missing" / "x", (), "does not exist")]
    for path, inputs, message in cases:
        with pytest.raises(OutputRefused, match=message) as caught:
            write_bytes_atomic(path, b"new", inputs=inputs)
        assert isinstance(caught.value, OSError) and isinstance(caught.value, StudioError)
        assert "\n" not in str(caught.value)
    assert target.read_bytes() == b"kept" and os.path.islink(tmp_path / "link.txt")
    assert (tmp_path / "ro.txt").read_bytes() == b"kept"
    assert stat_kind(tmp_path / "ff") == "fifo"


def stat_kind(path):
    import stat
    return "fifo" if stat.S_ISFIFO(os.lstat(path).st_mode) else "other"


@pytest.fixture
def two_assets(tmp_path):
    workspace = Workspace()
    for name, merges in (("a.json", 2), ("b.json", 3)):
        model = byte_bpe.train(["low lower newest"], merges)
        assets.save_asset(tmp_path / name, assets.byte_bpe_to_asset(model))
        workspace.open_asset_file(tmp_path / name)
    return workspace, tmp_path


def test_saving_an_asset_never_replaces_another_open_asset(two_assets):
    workspace, folder = two_assets
    before = (folder / "b.json").read_bytes()
    with pytest.raises(OutputRefused, match="b.json: is also an input"):
        workspace.save_asset(0, folder / "b.json")
    assert (folder / "b.json").read_bytes() == before
    workspace.save_asset(0)  # its own file: the ordinary Save
    workspace.save_asset(0, folder / "c.json")


def test_a_workspace_is_never_saved_over_one_of_its_assets(two_assets):
    workspace, folder = two_assets
    before = (folder / "a.json").read_bytes()
    with pytest.raises(OutputRefused, match="a.json: is also an input"):
        workspace_file.save(workspace_file.snapshot(workspace), folder / "a.json")
    assert (folder / "a.json").read_bytes() == before
    (folder / "w.json").symlink_to(folder / "a.json")
    with pytest.raises(OutputRefused, match="w.json: is a symbolic link"):
        workspace_file.save(workspace_file.snapshot(workspace), folder / "w.json")
    assert (folder / "a.json").read_bytes() == before


def test_an_export_never_replaces_its_own_asset(two_assets):
    workspace, folder = two_assets
    loaded = workspace.assets[0].loaded
    before = (folder / "a.json").read_bytes()
    with pytest.raises(OutputRefused, match="a.json: is also an input"):
        formats.export_asset(loaded.asset, loaded.tokenizer, "hf", folder / "a.json", inputs=[loaded.path])
    # The tiktoken sidecar (NAME.json) is checked too.
    with pytest.raises(OutputRefused, match="a.json: is also an input"):
        formats.export_asset(loaded.asset, loaded.tokenizer, "tiktoken", folder / "a", inputs=[loaded.path])
    assert (folder / "a.json").read_bytes() == before
    assert not (folder / "a").exists()


def test_corpus_import_opens_then_asks_what_it_opened(tmp_path):
    os.mkfifo(tmp_path / "ff")
    done = []
    worker = threading.Thread(target=lambda: done.append(_refusal(tmp_path / "ff")), daemon=True)
    worker.start()
    worker.join(20)
    assert done and "ff: cannot read (a FIFO, not a regular file)" in done[0]  # refused, not blocked
    assert "is a directory" in _refusal(tmp_path)
    if os.path.exists("/dev/zero"):
        assert "/dev/zero: cannot read (a character device" in _refusal("/dev/zero")


def _refusal(path) -> str:
    with pytest.raises(CorpusError) as caught:
        records.import_file(path)
    return str(caught.value)
