# Core-primitive microbenchmarks. Regenerate with: gnuplot collectives.gp
set datafile separator ','
set grid
set key top left noenhanced
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1500,450 dynamic font 'Helvetica,12' } else { set terminal pngcairo size 1500,450 font 'Helvetica,11' }
  set output 'collectives.'.fmt
  set multiplot layout 1,3 title 'software-compare: bcs.core.software_tree.network=gige: BCS core primitives, qsnet_hw vs software_tree' noenhanced
  set logscale x 2
  set xrange [16:1024]
  set xlabel 'nodes'
  set yrange [0:*]
  set title 'Barrier latency'
  set ylabel 'latency (us)'
  plot 'collectives.csv' using 1:2 skip 1 with linespoints title 'software_tree'
  set key bottom left
  set title 'Broadcast bandwidth at the source'
  set ylabel 'bandwidth (MB/s, 10^6 B/s)'
  plot 'collectives.csv' using 1:3 skip 1 with linespoints title 'software_tree:elan', 'collectives.csv' using 1:4 skip 1 with linespoints title 'software_tree:main'
  set key top left
  set title 'Compare-And-Write latency'
  set ylabel 'latency (us)'
  plot 'collectives.csv' using 1:6 skip 1 with linespoints title 'software_tree'
  unset multiplot
}
