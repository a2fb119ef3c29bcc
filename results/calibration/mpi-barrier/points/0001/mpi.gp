# MPI microbenchmarks of scenario mpi-barrier: quadrics.hardware_collectives=false (quadrics). Regenerate with: gnuplot mpi.gp
set datafile separator ','
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,450 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,450 noenhanced font 'Helvetica,11' }
  set output 'mpi.'.fmt
  set multiplot layout 1,1 title 'MPI microbenchmarks: mpi-barrier: quadrics.hardware_collectives=false, mpi = quadrics'
  set logscale x 2
  set xtics autofreq
  set format x '%g'
  set xlabel 'processes'
  set ylabel 'time per call (us)'
  set title 'Collectives vs processes'
  set yrange [0:*]
  plot 'mpi_collectives.csv' using 1:2 skip 1 with linespoints title 'barrier'
  set autoscale xy
  unset multiplot
  unset logscale x
}
