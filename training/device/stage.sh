#!/bin/bash
# There, one part at a time: unpack what part N carried into /tmp/lux (kept while the machine is held) and
# start turning its label shards into training frames and their room terms in the background (setsid: they
# outlive the call, so the next part's transfer overlaps them). Part 1 brings Node and the tools.
#   bash .dev/N/stage.sh
set -euo pipefail
S=$(cd "$(dirname "$0")" && pwd)
L=/tmp/lux
METHOD=${ROOM_TERMS:-coarse-radiosity/5} # the room terms train.sh trains with
mkdir -p $L/frames $L/logs $L/p
if [ -f "$S/node.xz" ]; then
  python3 -c "import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], 'wb'))" "$S/node.xz" $L/node
  chmod +x $L/node
  cp "$S"/labels.mjs "$S"/roomterms.mjs "$S"/*.py "$S"/*.sh "$S"/init.pt $L/
  if [ -f "$S/rt.tar" ]; then tar -xf "$S/rt.tar" -C $L/frames; fi
  $L/node --version
fi
for f in "$S"/*.luxl; do
  [ -e "$f" ] || continue
  b=$(basename "$f" .luxl)
  stream=${b%%-*}
  name=${b#*-}
  mkdir -p "$L/p/$b/$stream"
  cp "$f" "$L/p/$b/$stream/$name.luxl"
  # The frames, then the shard's room terms unless they came in rt.tar (roomterms.mjs skips those it finds).
  setsid nohup nice sh -c "$L/node $L/labels.mjs export --stream $stream --out $L/p/$b --to $L/frames \
    --inputs lux-frame-11 && $L/node $L/roomterms.mjs --dir $L/frames/$stream --method $METHOD --threads 0 \
    --only $name" >"$L/logs/$b.log" 2>&1 </dev/null &
done
echo "part $(basename "$S"): $(ls "$S"/*.luxl 2>/dev/null | wc -l) shards exporting (room terms by $METHOD); $(nproc) cores"
