# nas-lu-scale: replay slowdown of BCS-MPI over Quadrics MPI. Regenerate with: gnuplot slowdown.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set xlabel 'replay.compute_scale'
set ylabel 'slowdown T_bcs / T_quadrics - 1 (%)'
set title 'nas-lu-scale: replay slowdown of BCS-MPI over Quadrics MPI'
set logscale x 2
set yrange [-72.0962:1514.0196]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'slowdown.'.fmt
  plot 'slowdown.dat' index 0 using 1:($2*100) with linespoints lw 2 pt 7 lc 1 title 'app.processes=64'
}
