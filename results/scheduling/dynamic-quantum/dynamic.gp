# Response time and bounded slowdown vs scheduler.quantum (thesis Figs. 6.8, 6.12). Regenerate with: gnuplot dynamic.gp
set grid
set key at screen 0.5, screen 0.925 center center horizontal maxrows 1 font ',9'
set xlabel 'scheduler.quantum'
set logscale x
set xrange [0.038461538461538464:2.6]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1100,800 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1100,800 noenhanced font 'Helvetica,11' }
  set output 'dynamic.'.fmt
  set multiplot layout 2,2 title 'dynamic-quantum' margins 0.07,0.98,0.07,0.86 spacing 0.08,0.13
  set title 'mean response time (s)'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc 1 title 'gs preset=crescendo', \
       'dynamic.dat' index 1 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc 2 title 'gs preset=accelerando'
  set title 'median response time (s)'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc 1 title '', \
       'dynamic.dat' index 1 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc 2 title ''
  set title 'mean bounded slowdown'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc 1 title '', \
       'dynamic.dat' index 1 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc 2 title ''
  set title 'median bounded slowdown'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc 1 title '', \
       'dynamic.dat' index 1 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc 2 title ''
  unset multiplot
}
