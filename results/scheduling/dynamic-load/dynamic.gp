# Response time and bounded slowdown vs offered load (thesis Figs. 6.8, 6.12). Regenerate with: gnuplot dynamic.gp
set grid
set key at screen 0.5, screen 0.925 center center horizontal maxrows 1 font ',9'
set xlabel 'offered load'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1100,800 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1100,800 noenhanced font 'Helvetica,11' }
  set output 'dynamic.'.fmt
  set multiplot layout 2,2 title 'dynamic-load' margins 0.07,0.98,0.07,0.86 spacing 0.08,0.13
  set title 'mean response time (s)'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#7f7f7f' title 'fcfs', \
       'dynamic.dat' index 1 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#1f77b4' title 'gs', \
       'dynamic.dat' index 2 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#ff7f0e' title 'sb', \
       'dynamic.dat' index 3 using 1:3:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#2ca02c' title 'fcs', \
       'dynamic.dat' index 0 using 1:($15 > 0 ? $3 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' title 'saturated (§6.4.4)', \
       'dynamic.dat' index 1 using 1:($15 > 0 ? $3 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 2 using 1:($15 > 0 ? $3 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 3 using 1:($15 > 0 ? $3 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle
  set title 'median response time (s)'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#7f7f7f' title '', \
       'dynamic.dat' index 1 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#1f77b4' title '', \
       'dynamic.dat' index 2 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#ff7f0e' title '', \
       'dynamic.dat' index 3 using 1:4:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#2ca02c' title '', \
       'dynamic.dat' index 0 using 1:($15 > 0 ? $4 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 1 using 1:($15 > 0 ? $4 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 2 using 1:($15 > 0 ? $4 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 3 using 1:($15 > 0 ? $4 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle
  set title 'mean bounded slowdown'
  set logscale y
  set yrange [*:*]
  plot 'dynamic.dat' index 0 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#7f7f7f' title '', \
       'dynamic.dat' index 1 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#1f77b4' title '', \
       'dynamic.dat' index 2 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#ff7f0e' title '', \
       'dynamic.dat' index 3 using 1:5:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#2ca02c' title '', \
       'dynamic.dat' index 0 using 1:($15 > 0 ? $5 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 1 using 1:($15 > 0 ? $5 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 2 using 1:($15 > 0 ? $5 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 3 using 1:($15 > 0 ? $5 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle
  set title 'median bounded slowdown'
  unset logscale y
  set yrange [0:*]
  plot 'dynamic.dat' index 0 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#7f7f7f' title '', \
       'dynamic.dat' index 1 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#1f77b4' title '', \
       'dynamic.dat' index 2 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#ff7f0e' title '', \
       'dynamic.dat' index 3 using 1:6:xtic(2) with linespoints lw 1.5 pt 7 lc rgb '#2ca02c' title '', \
       'dynamic.dat' index 0 using 1:($15 > 0 ? $6 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 1 using 1:($15 > 0 ? $6 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 2 using 1:($15 > 0 ? $6 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle, \
       'dynamic.dat' index 3 using 1:($15 > 0 ? $6 : NaN) with points pt 6 ps 2.4 lw 1.5 lc rgb 'black' notitle
  unset multiplot
}
