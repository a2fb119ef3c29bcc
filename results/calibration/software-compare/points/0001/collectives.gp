# Core-primitive microbenchmarks. Regenerate with: gnuplot collectives.gp
set datafile separator ','
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set key noenhanced font ',9'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1700,450 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1700,450 noenhanced font 'Helvetica,11' }
  set output 'collectives.'.fmt
  set multiplot layout 1,3 title 'software-compare: bcs.core.software_tree.network=myrinet: BCS core primitives, qsnet_hw vs software_tree' noenhanced
  set logscale x 2
  set xrange [16:1024]
  set xlabel 'nodes'
  set yrange [0:*]
  set title 'Barrier latency'
  set ylabel 'latency (us)'
  plot 'collectives.csv' using 1:2 skip 1 with linespoints lc rgb '#ff7f0e' title 'software_tree'
  set title 'Broadcast bandwidth at the source (every value 0)'
  set yrange [0:1]
  set ylabel 'bandwidth (MB/s, 10^6 B/s)'
  plot 'collectives.csv' using 1:3 skip 1 with linespoints lc rgb '#ff7f0e' title 'software_tree:elan', 'collectives.csv' using 1:4 skip 1 with linespoints lc rgb '#ff7f0e' dt 2 title 'software_tree:main'
  set yrange [0:*]
  set title 'Compare-And-Write latency'
  set ylabel 'latency (us)'
  plot 'collectives.csv' using 1:6 skip 1 with linespoints lc rgb '#ff7f0e' title 'software_tree'
  unset multiplot
}
