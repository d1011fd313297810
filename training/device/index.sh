#!/usr/bin/env bash
# Hides the repository's index from a device call and gives it back (training/device/README.md, steps 2 and 4).
#
#   bash training/device/index.sh hide      # before the calls
#   bash training/device/index.sh restore   # after them
#
# A device call carries the working tree's tracked and not-ignored files, and the tracked tree alone is over
# 64 MiB: for the calls the index is emptied (the files stay on disk, as they are) and every path ignored
# through .git/info/exclude, so that only the call's `carry` travels. `hide` refuses while changes are staged
# (emptying the index would drop what was staged) or while the index is already hidden; it keeps
# `git status` as it was, and `restore` puts the index back as HEAD has it, removes only the lines it added to
# the exclude file and says whether `git status` is what it was before.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
git_dir=$(git rev-parse --git-dir)
exclude="$git_dir/info/exclude"
state="$git_dir/lux-device-index"
# The exclude file's comment line before the '*' this script adds (gitignore comments stand on their own line).
mark='# lux: every path hidden for a device call (training/device/index.sh)'

case "${1:-}" in
  hide)
    if [ -e "$state" ]; then
      echo "index.sh: the index is hidden already (restore it first)" >&2
      exit 1
    fi
    if ! git diff --cached --quiet; then
      echo "index.sh: changes are staged; commit or unstage them first (hiding the index would drop them)" >&2
      exit 1
    fi
    git status --porcelain > "$state"
    git rm -r -q --cached .
    mkdir -p "$(dirname "$exclude")"
    printf '%s\n*\n' "$mark" >> "$exclude"
    echo "index hidden: nothing of the repository travels with a device call now; 'restore' when done"
    ;;
  restore)
    if [ ! -e "$state" ]; then
      echo "index.sh: the index is not hidden" >&2
      exit 1
    fi
    git reset -q
    # The marked '*' and its comment, nothing else (a '*' someone wrote there stays).
    awk -v mark="$mark" '$0 == mark { skip = 1; next } skip && $0 == "*" { skip = 0; next } { skip = 0; print }' \
      "$exclude" > "$exclude.tmp"
    mv "$exclude.tmp" "$exclude"
    if git status --porcelain | cmp -s - "$state"; then
      echo "index restored: git status is as it was before 'hide'"
    else
      echo "index restored; git status differs from before 'hide' (files changed meanwhile?):"
      git status --short
    fi
    rm -f "$state"
    ;;
  *)
    echo "usage: bash training/device/index.sh hide|restore" >&2
    exit 2
    ;;
esac
