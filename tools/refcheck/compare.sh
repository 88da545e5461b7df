#!/bin/bash
# compare.sh TITLE FROM TO — play random legal games on the 18xx.games engine (seeds FROM..TO),
# write each one's reference trace, replay it in railbook and compare the traces.
#
#   REF=/path/to/18xx/lib   the reference engine's lib/ (required)
#   OUT=dir                 where games and traces go (default /tmp/refcheck/TITLE)
#   NP=n                    players (default: 3 + seed mod NPS, NPS default 3;
#                           with NPMIN and NPMAX: NPMIN + seed mod the range's size)
#   MAXA=n                  stop a game after n actions (default 1500)
#   OPTS=a,b                optional rules
#
# One line per game: how the random game went, then the first action where the traces differ
# (or "traces agree"). A difference is railbook's to explain: the reference engine only offers
# legal actions.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
: "${REF:?set REF to the 18xx.games engine lib/ directory}"
RUBY=${RUBY:-ruby $(ruby --yjit -e '' 2> /dev/null && echo --yjit)}   # YJIT where this Ruby has it
PY=${PY:-$ROOT/.venv/bin/python}
[ -x "$PY" ] || PY=python3
T=$1
OUT=${OUT:-/tmp/refcheck/$T}
mkdir -p "$OUT"
for seed in $(seq "$2" "$3"); do
  if [ -n "${NPMIN:-}" ]; then np=${NP:-$(( NPMIN + seed % (NPMAX - NPMIN + 1) ))}
  else np=${NP:-$(( (seed % ${NPS:-3}) + 3 ))}; fi
  g=$OUT/g$seed.json
  TITLE=$T nice $RUBY -I"$HERE" -I"$REF" "$HERE/fuzz.rb" "$seed" "$np" "$g" "${MAXA:-1500}" ${OPTS:-} \
    2> "$OUT/g$seed.fuzz.err" > /dev/null
  if [ ! -s "$g" ]; then echo "$T seed $seed np $np: the random game failed (see $OUT/g$seed.fuzz.err)"; continue; fi
  nice $RUBY -I"$HERE" -I"$REF" "$HERE/trace.rb" "$g" "${g%.json}.ref.jsonl" 2> "${g%.json}.ref.err"
  (cd "$ROOT" && nice "$PY" -m railbook.cli.main replay "$g" --trace "${g%.json}.rb.jsonl" > "${g%.json}.rb.out" 2>&1)
  res=$("$PY" "$HERE/compare_traces.py" "${g%.json}.ref.jsonl" "${g%.json}.rb.jsonl" 2>&1 | head -3 | tr '\n' ' ')
  echo "$T seed $seed np $np: $(tail -1 "$OUT/g$seed.fuzz.err") | $res"
done
