# nas-cg: replay slowdown of BCS-MPI over Quadrics MPI. Regenerate with: gnuplot slowdown.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set xlabel 'MPI processes'
set ylabel 'slowdown T_bcs / T_quadrics - 1 (%)'
set title 'nas-cg: replay slowdown of BCS-MPI over Quadrics MPI'
set xrange [32:97]
set yrange [-6.7283:141.2934]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'slowdown.'.fmt
  plot 'slowdown.dat' index 0 using 1:($2*100) with linespoints lw 2 pt 7 lc 1 title 'BCS-MPI over Quadrics MPI'
}
