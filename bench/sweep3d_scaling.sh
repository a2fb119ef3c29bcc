#!/usr/bin/env bash
# Issue 23 goal 3: how bcssim's wall time grows with the ranks. SWEEP3D blocking (bench/sweep3d-scale.json: 50³
# cells per process, 1 iteration, ASCI Q with 4 PEs per node) on both MPIs, each machine size run alone under
# /usr/bin/time; then a least-squares fit of log(t) = a + b·log(ranks) per MPI (gnuplot's `fit`), the slope b
# printed, and a log-log plot of t against ranks with the fitted lines. t is the run's user CPU time: a run is one
# thread, so t is its wall time on a core of its own, and it stays so while other work shares the machine.
#   bench/sweep3d_scaling.sh [OUT_FOLDER] [NODES...]   (default out/sweep3d-scaling, nodes 16 64 256 1024 2048 4096)
#   bench/sweep3d_scaling.sh --replot X.csv            (the fit and the plot again from such a table: X.png)
#   FIDELITY=message bench/sweep3d_scaling.sh ...      (under platform.fidelity = message; default stages; set it
#                                                       for --replot too, for the plot's title)
# Writes OUT_FOLDER/scaling.csv (nodes, ranks, mpi, simulated s, wall s, user s, peak RSS MiB) and scaling.png, and
# prints the table and the fitted exponents. 4096 nodes (16,384 ranks) need about 20 minutes of wall on 2 cores for both MPIs.
set -euo pipefail
cd "$(dirname "$0")/.."
fidelity=${FIDELITY:-stages}
[[ "$fidelity" =~ ^(stages|message)$ ]] ||
  { echo "bench/sweep3d_scaling.sh: FIDELITY '$fidelity': expected stages or message" >&2; exit 2; }
command -v gnuplot >/dev/null || { echo "needs gnuplot: sudo apt-get install gnuplot-nox" >&2; exit 2; }
if [ "${1:-}" = --replot ]; then
  [ -f "${2:-}" ] || { echo "bench/sweep3d_scaling.sh --replot: '${2:-}': no such file" >&2; exit 2; }
  csv=$(realpath "$2")
  out=$(dirname "$csv")
else
  out=$(realpath -m "${1:-out/sweep3d-scaling}")
  shift || true
  nodes=("$@")
  [ ${#nodes[@]} -gt 0 ] || nodes=(16 64 256 1024 2048 4096)
  for n in "${nodes[@]}"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] ||
      { echo "bench/sweep3d_scaling.sh: nodes '$n': expected a positive integer" >&2; exit 2; }
  done
  command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time: sudo apt-get install time" >&2; exit 2; }
  source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
  mkdir -p "$out"
  csv=$out/scaling.csv
  echo "nodes,ranks,mpi,simulated_s,wall_s,user_s,max_rss_mib" > "$csv"
  for n in "${nodes[@]}"; do
    for mpi in quadrics bcs; do
      printf '%s nodes, %s ... ' "$n" "$mpi" >&2
      /usr/bin/time -f '%e %U %M' -o "$out/time.tmp" "$exe" run bench/sweep3d-scale.json \
        --set "sweep.platform.nodes=[$n]" --set "mpi=$mpi" --set compare=false --set "platform.fidelity=$fidelity" \
        --point 0 --out "$out/run" --force -q \
        > "$out/run.log" 2>&1 || { echo "failed:" >&2; tail -5 "$out/run.log" >&2; exit 1; }
      read -r wall user rss < "$out/time.tmp"
      sim=$(tail -1 "$out/run/runs.csv" | awk -F, '{ print $NF }')
      echo "$n,$((n * 4)),$mpi,$sim,$wall,$user,$((rss / 1024))" >> "$csv"
      echo "${wall} s" >&2
    done
  done
  rm -rf "$out/run" "$out/run.log" "$out/time.tmp"
fi

# The fit and the plot (gnuplot): one line per MPI, slope = the exponent of ranks.
for mpi in quadrics bcs; do grep ",$mpi," "$csv" | awk -F, '{ print $2, $6 }' > "$out/$mpi.dat"; done
png=$(basename "${csv%.csv}").png
(cd "$out" && gnuplot -e "png='$png'; tier='$fidelity'" - 2> fit.log <<'GP'
set fit quiet
set fit logfile '/dev/null'
fq(x) = aq + bq * x
fb(x) = ab + bb * x
fit fq(x) 'quadrics.dat' using (log($1)):(log($2)) via aq, bq
fit fb(x) 'bcs.dat' using (log($1)):(log($2)) via ab, bb
set print 'fit.txt'
print sprintf('quadrics %.3f', bq)
print sprintf('bcs %.3f', bb)
set terminal pngcairo size 900,600 font ',11'
set output png
set logscale xy 2
set xlabel 'ranks (ASCI Q, 4 per node)'
set ylabel 'user CPU time (s) = wall time alone on a core'
set key top left
set grid
set title sprintf("SWEEP3D blocking, 50^3 cells per rank, 1 iteration, %s tier: bcssim's time (one thread)", tier)
plot 'quadrics.dat' using 1:2 with points pt 7 ps 1.3 lc rgb '#1f77b4' title 'baseline (Quadrics MPI)', \
     exp(aq) * x**bq with lines dt 2 lc rgb '#1f77b4' title sprintf('fit: ranks^{%.2f}', bq), \
     'bcs.dat' using 1:2 with points pt 5 ps 1.3 lc rgb '#d62728' title 'BCS-MPI', \
     exp(ab) * x**bb with lines dt 2 lc rgb '#d62728' title sprintf('fit: ranks^{%.2f}', bb), \
     exp(aq + (bq - 1.2) * log(64)) * x**1.2 with lines dt 3 lc rgb '#555555' title 'ranks^{1.2} (the goal), from the baseline at 64'
GP
) || { echo "gnuplot failed:" >&2; cat "$out/fit.log" >&2; exit 1; }
rm -f "$out/quadrics.dat" "$out/bcs.dat" "$out/fit.log"
echo "| nodes | ranks | MPI | simulated | wall | user | peak RSS |"
echo "|---|---|---|---|---|---|---|"
tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %.3f s | %s s | %s s | %s MiB |\n", $1, $2, $3, $4, $5, $6, $7 }'
awk '{ printf "user time ~ ranks^%s (%s, least squares on log-log)\n", $2, $1 }' "$out/fit.txt"
rm -f "$out/fit.txt"
echo "plot: $out/$png"
