# Substrate microbenchmarks. Regenerate with: gnuplot microbench.gp
set datafile separator ','
set key top left
set grid
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1500,450 dynamic font 'Helvetica,12' } else { set terminal pngcairo size 1500,450 font 'Helvetica,11' }
  set output 'microbench.'.fmt
  set multiplot layout 1,2
  set logscale x 2
  set xrange [524288:2097152]
  set format x '%.0b%BB'
  set logscale y
  set xlabel 'message size (B)'
  set ylabel 'one-way latency (us)'
  set title 'Elan3lib RDMA put latency'
  plot 'microbench_sizes.csv' using 1:2 skip 1 with linespoints title 'main-main'
  unset logscale y
  set ylabel 'bandwidth (MB/s, 10^6 B/s)'
  set title 'Bandwidth vs size'
  set key bottom right
  plot 'microbench_sizes.csv' using 1:3 skip 1 with linespoints title 'main-main'
  unset multiplot
  unset logscale x
  set autoscale y
}
