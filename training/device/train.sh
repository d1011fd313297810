#!/bin/bash
# There, after the last part's stage.sh: wait for every shard's frames and room terms, then train the runs
# named in RUNS side by side on the GPU, each until the call's deadline, and put their checkpoints and logs
# in $OUT.
#   RUNS="ga:--batch 16 --lr 4e-4;gb:--batch 64 --lr 4e-4" DEADLINE=<epoch s> bash /tmp/lux/train.sh
set -uo pipefail
L=/tmp/lux
cd $L
METHOD=${ROOM_TERMS:-coarse-radiosity/5} # stage.sh's
while pgrep -f 'labels.mjs|roomterms.mjs' >/dev/null; do sleep 2; done
want=$(ls -d $L/p/*/ | wc -l)
have=$(ls $L/frames/*/*.inputs | wc -l)
terms=$(grep -lx "$METHOD" $L/frames/*/*.rt | wc -l)
echo "exported $have of $want shards, room terms of $terms ($(du -sh $L/frames | cut -f1)) at $(date +%T)"
grep -h "windows in" $L/logs/*.log | head -3
[ "$have" = "$want" ] && [ "$terms" = "$want" ] || { tail -5 $L/logs/*.log; exit 1; }
# The schedule's minutes: what is left before DEADLINE less loading (~90 s) and the tail (~45 s).
minutes=$(python3 -c "import time; print(max(1.0, round(($DEADLINE - time.time() - 135) / 60, 2)))")
echo "training for $minutes minutes"
IFS=';' read -ra runs <<<"$RUNS"
for r in "${runs[@]}"; do
  name=${r%%:*}
  # shellcheck disable=SC2086 # the run's own arguments
  PYTHONUNBUFFERED=1 ${PYTHON:-python3} train_terms.py --data $L/frames --out "$L/runs/$name" --init init.pt --inputs lux-frame-11 \
    --room-terms "$METHOD" --also broad:3 --mirror --wall-line 0 --fp32 --minutes "$minutes" ${r#*:} \
    >"$OUT/$name.log" 2>&1 &
done
# Checkpoints back even if the call is stopped at its limit: copied as they are written, and once more at the end.
keep() {
  for r in "${runs[@]}"; do
    name=${r%%:*}
    [ -f "$L/runs/$name/checkpoint.pt" ] && cp "$L/runs/$name/checkpoint.pt" "$OUT/$name.pt.tmp" && mv "$OUT/$name.pt.tmp" "$OUT/$name.pt"
  done
}
sleep 5
while pgrep -f train_terms.py >/dev/null; do
  sleep 10
  keep
done
keep
nvidia-smi --query-gpu=name,memory.used --format=csv
for r in "${runs[@]}"; do tail -3 "$OUT/${r%%:*}.log"; done
