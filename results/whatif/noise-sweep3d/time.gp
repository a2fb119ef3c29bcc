# noise-sweep3d: sweep3d run time. Regenerate with: gnuplot time.gp
set grid
set key outside right top
set offsets graph 0.02, graph 0.02, graph 0.05, graph 0.02
set xlabel 'platform.nodes'
set ylabel 'run time (s)'
set title 'noise-sweep3d: sweep3d run time'
set logscale x 2
set yrange [-0.1571:3.2986]
set xzeroaxis lt -1
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,500 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,500 noenhanced font 'Helvetica,11' }
  set output 'time.'.fmt
  plot 'time.dat' index 0 using 1:2 with linespoints lw 2 pt 7 lc 1 title 'noise.preset=none, quadrics', 'time.dat' index 1 using 1:2 with linespoints lw 2 pt 7 lc 2 title 'noise.preset=none, bcs', 'time.dat' index 2 using 1:2 with linespoints lw 2 pt 7 lc 3 title 'noise.preset=daemon, quadrics', 'time.dat' index 3 using 1:2 with linespoints lw 2 pt 7 lc 4 title 'noise.preset=daemon, bcs'
}
