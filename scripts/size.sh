#!/usr/bin/env bash
# Prints each file of a built site (default dist/, made by scripts/build.sh): its size
# raw and gzipped (gzip -9), in bytes, and the totals.
#
# Usage: scripts/size.sh [DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-dist}
[[ -d $dir ]] || { printf 'no %s: run scripts/build.sh first\n' "$dir" >&2; exit 1; }
printf '%-48s %10s %10s\n' file raw gzip
raw_total=0 gz_total=0
while IFS= read -r f; do
  raw=$(stat -c %s "$f")
  gz=$(gzip -9c "$f" | wc -c)
  raw_total=$((raw_total + raw)) gz_total=$((gz_total + gz))
  printf '%-48s %10d %10d\n' "${f#"$dir"/}" "$raw" "$gz"
done < <(find "$dir" -type f | sort)
printf '%-48s %10d %10d\n' total "$raw_total" "$gz_total"
