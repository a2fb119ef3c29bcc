# Distributions (5, 25, 50, 75, 95th percentiles) of the response time and bounded slowdown vs scheduler.quantum (thesis Figs. 6.9, 6.10). Regenerate with: gnuplot dynamic_boxes.gp
set grid y
set logscale y
set key outside bottom center horizontal font ',9'
set xlabel 'scheduler.quantum'
set boxwidth 0.2
set offsets 0.5, 0.5, graph 0.05, graph 0.05
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1200,560 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1200,560 noenhanced font 'Helvetica,11' }
  set output 'dynamic_boxes.'.fmt
  set multiplot layout 1,2 title 'dynamic-quantum: box 25th-75th percentile, line the median, whiskers the 5th and 95th'
  set title 'response time (s)'
  plot 'dynamic.dat' index 0 using 0:(NaN):xtic(2) notitle, \
       'dynamic.dat' index 0 using ($0+-0.150):8:7:10:9:(0.240) with candlesticks whiskerbars lc 1 title 'gs preset=crescendo', \
       '' index 0 using ($0+-0.150):4:4:4:4:(0.240) with candlesticks lc 1 lw 2 notitle, \
       'dynamic.dat' index 1 using ($0+0.150):8:7:10:9:(0.240) with candlesticks whiskerbars lc 2 title 'gs preset=accelerando', \
       '' index 1 using ($0+0.150):4:4:4:4:(0.240) with candlesticks lc 2 lw 2 notitle
  set title 'bounded slowdown'
  plot 'dynamic.dat' index 0 using 0:(NaN):xtic(2) notitle, \
       'dynamic.dat' index 0 using ($0+-0.150):12:11:14:13:(0.240) with candlesticks whiskerbars lc 1 title 'gs preset=crescendo', \
       '' index 0 using ($0+-0.150):6:6:6:6:(0.240) with candlesticks lc 1 lw 2 notitle, \
       'dynamic.dat' index 1 using ($0+0.150):12:11:14:13:(0.240) with candlesticks whiskerbars lc 2 title 'gs preset=accelerando', \
       '' index 1 using ($0+0.150):6:6:6:6:(0.240) with candlesticks lc 2 lw 2 notitle
  unset multiplot
}
