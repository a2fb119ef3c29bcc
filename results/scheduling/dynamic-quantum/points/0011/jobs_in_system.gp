# Jobs arrived and not finished over time (thesis Fig. 6.11). Regenerate with: gnuplot jobs_in_system.gp
set datafile separator ','
set title 'dynamic-quantum: platform.preset=accelerando scheduler.quantum=50ms (gs): jobs in the system'
set xlabel 'time (s)'
set ylabel 'jobs in the system'
set grid
set key off
set yrange [0:*]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,420 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,420 noenhanced font 'Helvetica,11' }
  set output 'jobs_in_system.'.fmt
  plot 'jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.5 lc 1
}
