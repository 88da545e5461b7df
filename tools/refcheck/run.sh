#!/bin/bash
# run.sh [TITLE...] — the random reference games of `make refcheck`: for each title (default: every
# shipped title the 18xx.games engine has), GAMES random games (seeds 1..GAMES, default 10), the
# player count going round the title's range (seed s plays min + s mod the range's size), each
# compared action by action with railbook (compare.sh). One line per game, then "agree k/n" per
# title and in all. Exit 1 when a game disagrees.
#
#   REF=/path/to/18xx/lib   the reference engine's lib/ (without it, or without Ruby, nothing runs)
#   GAMES=n                 games per title (default 10); SEEDS="a b c" names the seeds instead
#   MAXA=n                  stop each game after n actions (default 600)
#   OUT=dir                 where games and traces go (default /tmp/refcheck)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
if [ -z "${REF:-}" ] || [ ! -d "${REF}/engine" ] || ! command -v ruby > /dev/null; then
  echo "refcheck skipped: set REF to the 18xx.games engine's lib/ directory (tobymao/18xx) and install Ruby 3"
  exit 0
fi
PY=${PY:-$ROOT/.venv/bin/python}
[ -x "$PY" ] || PY=python3
# 1826 has no 18xx.games engine (its recorded games are Rails reports)
TITLES=${*:-1830 1894 1893 1889 18Chesapeake 18AL 18GA 18TN 18MS 1882 1846 1836Jr30 1856}
OUTROOT=${OUT:-/tmp/refcheck}
total=0; agree=0; summary=""
for t in $TITLES; do
  range=$(cd "$ROOT" && "$PY" -c "
import sys
from railbook.engine.title import Title
p = Title.load(sys.argv[1]).rules.players
print(p.min, p.max)" "$t") || { echo "$t: not a title railbook knows"; continue; }
  set -- $range
  seeds=${SEEDS:-$(seq 1 "${GAMES:-10}")}
  n=0; k=0
  for seed in $seeds; do
    line=$(OUT=$OUTROOT/$t NPMIN=$1 NPMAX=$2 MAXA=${MAXA:-600} "$HERE/compare.sh" "$t" "$seed" "$seed")
    echo "$line"
    n=$((n + 1))
    case "$line" in *"traces agree"*) k=$((k + 1));; esac
  done
  summary="$summary $t $k/$n;"
  total=$((total + n)); agree=$((agree + k))
done
echo "agree k/n per title:$summary all $agree/$total"
[ "$agree" = "$total" ]
