# nas-cg: replay run time. Regenerate with: gnuplot time.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set xlabel 'MPI processes'
set ylabel 'run time (s)'
set title 'nas-cg: replay run time'
set xrange [32:97]
set yrange [-2.3033:48.3689]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'time.'.fmt
  plot 'time.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lc rgb '#1f77b4' title 'quadrics', 'time.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lc rgb '#d62728' title 'bcs'
}
