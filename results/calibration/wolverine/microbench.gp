# Substrate microbenchmarks. Regenerate with: gnuplot microbench.gp
set datafile separator ','
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set key font ',9'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1800,450 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1800,450 noenhanced font 'Helvetica,11' }
  set output 'microbench.'.fmt
  set multiplot layout 1,2 title 'wolverine: QsNet substrate (Elan3lib RDMA puts)'
  set logscale x 2
  set xrange [524288:2097152]
  set xtics ('1 MiB' 1048576)
  set yrange [0:6556.3350]
  set xlabel 'message size'
  set ylabel 'one-way latency (us)'
  set title 'Elan3lib RDMA put latency'
  plot 'microbench_sizes.csv' using 1:2 skip 1 with linespoints lc rgb '#8c564b' title 'main-main'
  unset logscale y
  set ylabel 'bandwidth (MB/s, 10^6 B/s)'
  set title 'Bandwidth vs size'
  set yrange [0:*]
  plot 'microbench_sizes.csv' using 1:3 skip 1 with linespoints lc rgb '#8c564b' title 'main-main'
  unset multiplot
  unset logscale x
  set autoscale y
  set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
}
