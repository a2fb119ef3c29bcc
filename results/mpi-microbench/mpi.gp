# MPI microbenchmarks of scenario mpi-microbench (quadrics). Regenerate with: gnuplot mpi.gp
set datafile separator ','
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1800,900 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1800,900 noenhanced font 'Helvetica,11' }
  set output 'mpi.'.fmt
  set multiplot layout 2,2 title 'MPI microbenchmarks: mpi-microbench, mpi = quadrics'
  set logscale x 2
  set xtics ('32 B' 32, '1 KiB' 1024, '32 KiB' 32768, '1 MiB' 1048576)
  set logscale y
  set yrange [1:*]
  set format y '%.0f'
  set xlabel 'message size (B)'
  set ylabel 'latency, half round trip (us)'
  set title 'MPI ping-pong'
  plot 'mpi_sizes.csv' using 1:2 skip 1 with linespoints title 'ping-pong'
  unset logscale y
  set autoscale y
  set format y '%g'
  set logscale x 2
  set xtics ('32 B' 32, '1 KiB' 1024, '32 KiB' 32768, '1 MiB' 1048576)
  set xlabel 'message size (B)'
  set ylabel 'bandwidth (MB/s)'
  set title 'MPI bandwidth (window of messages)'
  set yrange [0:*]
  plot 'mpi_sizes.csv' using 1:3 skip 1 with linespoints title 'one way', 'mpi_sizes.csv' using 1:4 skip 1 with linespoints title 'bidirectional, each way'
  set autoscale y
  unset logscale x
  set xtics autofreq
  set format x '%g'
  set xlabel 'posted receives'
  set ylabel 'latency, half round trip (us)'
  set title 'Latency vs posted receives'
  set yrange [0:*]
  plot 'mpi_posted.csv' using 1:2 skip 1 with linespoints title '16 B', 'mpi_posted.csv' using 1:3 skip 1 with linespoints title '64 B', 'mpi_posted.csv' using 1:4 skip 1 with linespoints title '256 B'
  set autoscale y
  set logscale x 2
  set xtics autofreq
  set format x '%g'
  set xlabel 'processes'
  set ylabel 'time per call (us)'
  set title 'Collectives vs processes'
  set yrange [0:*]
  plot 'mpi_collectives.csv' using 1:2 skip 1 with linespoints title 'barrier', 'mpi_collectives.csv' using 1:3 skip 1 with linespoints title 'bcast', 'mpi_collectives.csv' using 1:4 skip 1 with linespoints title 'allreduce'
  set autoscale xy
  unset multiplot
  unset logscale x
}
