"""The built-in classroom material: 24 records and the byte-level tokenizer
trained from them with 32 merges (vocab 291), shipped as the default asset.

``python -m core.assets.classroom`` rebuilds the asset from the records; a test
checks that retraining gives exactly the shipped merges.
"""

from __future__ import annotations

import json
from pathlib import Path

from core import assets
from core.models import byte_bpe
from core.errors import AssetError

RESOURCES = Path(__file__).resolve().parents[2] / "resources"
RECORDS_PATH = RESOURCES / "classroom_records.json"
ASSET_PATH = RESOURCES / "classroom_byte_bpe.json"
MERGES = 32


def records() -> list[str]:
    data = json.loads(RECORDS_PATH.read_text(encoding="utf-8"))
    if data.get("format") != "subword-studio/records" or not isinstance(data.get("records"), list):
        raise AssetError(f"{RECORDS_PATH}: not a Subword Studio record set")
    return data["records"]


def train_default() -> byte_bpe.ByteBPE:
    return byte_bpe.train(records(), MERGES)


def default_tokenizer() -> byte_bpe.ByteBPE:
    """The shipped asset, as every window and the CLI see it."""
    return assets.load_tokenizer(ASSET_PATH)[1]


def build_asset() -> dict:
    return assets.byte_bpe_to_asset(
        train_default(), records=records(), name="classroom-byte-bpe-v1",
        notes="24 classroom records, 32 merges: IDs 0-255 bytes, 256-258 BOS/EOS/PAD, 259-290 learned.",
    )


if __name__ == "__main__":
    assets.save_asset(ASSET_PATH, build_asset())
    print(f"wrote {ASSET_PATH}")
