# EMDS: elapsed time between slices (GETTS) and time to complete the slice (GTTS). Regenerate with: gnuplot emds_getts.gp
set datafile separator ','
set grid
set key outside right top
set xlabel 'time slice'
set ylabel 'time (us)'
set title 'EMDS: elapsed time between slices (GETTS) and time to complete the slice (GTTS)'
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'emds_getts.'.fmt
  plot 'emds_global.csv' using 1:2 skip 1 with steps lw 2 title 'GETTS', 'emds_global.csv' using 1:5 skip 1 with steps lw 2 title 'GTTS'
}
