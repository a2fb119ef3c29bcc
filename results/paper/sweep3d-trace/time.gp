# sweep3d-trace: replay run time. Regenerate with: gnuplot time.gp
set datafile separator ','
set grid
set key outside right top
set xlabel 'replay.compute_scale'
set ylabel 'run time (s)'
set title 'sweep3d-trace: replay run time'
set yrange [-0.0807:1.6947]
set xzeroaxis lt -1
set datafile missing ''
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'time.'.fmt
  plot 'time.csv' using 1:2 skip 1 with linespoints lw 2 pt 7 title 'quadrics', 'time.csv' using 1:3 skip 1 with linespoints lw 2 pt 7 title 'bcs'
}
