# Turnaround and mean response time per point. Regenerate with: gnuplot algorithms.gp
set title 'mixed: turnaround and mean response time'
set ylabel 'time (s)'
set yrange [0:*]
set offsets 0, 0, graph 0.1, 0
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.7 border -1
set boxwidth 0.9
set key outside bottom center horizontal
set grid ytics
set xtics rotate by 45 right font ',9'
set lmargin 18
set bmargin 13
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 940,560 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 940,560 noenhanced font 'Helvetica,11' }
  set output 'algorithms.'.fmt
  plot 'algorithms.dat' using 3:xtic(2) title 'turnaround' lc 1, \
       '' using 4 title 'mean response' lc 2, \
       '' using ($0-0.17):3:(abs($3) >= 100 ? sprintf('%.0f', $3) : sprintf('%#.3g', $3)) with labels rotate by 90 left offset 0,0.3 font ',8' notitle, \
       '' using ($0+0.17):4:(abs($4) >= 100 ? sprintf('%.0f', $4) : sprintf('%#.3g', $4)) with labels rotate by 90 left offset 0,0.3 font ',8' notitle
}
