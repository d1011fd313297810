#!/bin/bash
# Here, before a run on a lent GPU machine (docs/model.md "Training on a lent machine"): the committed labels,
# a Node binary, the label and room-terms tools bundled and the training scripts, split into parts .dev/1,
# .dev/2, ... that each fit the 64 MiB a device call carries. Nothing else travels: see the README beside this file.
#   bash training/device/pack.sh [frames folder whose room terms travel, default data/frames]
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
FRAMES=${1:-data/frames}
LIMIT=${LIMIT:-62000000} # bytes a part, under the carry's 64 MiB with room for the tool's own accounting
rm -rf .dev && mkdir -p .dev/1
# The fixed part rides in part 1: Node (xz: 99 -> 24 MB; unpacked there with Python's lzma), the label and
# room-terms tools as one file each (esbuild: no node_modules there), the scripts, the starting weights, and
# the room terms this machine has made already (a few kB a shard; those missing are made there).
xz -T0 -6 -c "$(readlink -f "$(command -v node)")" >.dev/1/node.xz
node scripts/bundle-device.mjs .dev/1
cp training/*.py training/device/stage.sh training/device/train.sh .dev/1/
cp "${INIT:-training/checkpoints/df4-z12.pt}" .dev/1/init.pt
streams=()
for s in train broad; do [ -d "$FRAMES/$s" ] && streams+=("$s"); done
if ((${#streams[@]})); then
  (cd "$FRAMES" && find "${streams[@]}" -maxdepth 1 \( -name '*.rt' -o -name '*.rt.npy' \) -print0 |
    tar --null -cf - -T -) >.dev/1/rt.tar
fi
# Label shards, named stream-NNNNNN.luxl, filled into the parts in order.
part=1
size=$(du -cb .dev/1 | tail -1 | cut -f1)
for f in data/labels/train/*.luxl data/labels/broad/*.luxl; do
  n=$(stat -c %s "$f")
  if ((size + n > LIMIT)); then
    part=$((part + 1))
    mkdir -p ".dev/$part"
    size=0
  fi
  stream=$(basename "$(dirname "$f")")
  cp "$f" ".dev/$part/$stream-$(basename "$f")"
  size=$((size + n))
done
for d in .dev/*/; do cp training/device/stage.sh "$d"; done # each part unpacks itself
du -sb .dev/*
