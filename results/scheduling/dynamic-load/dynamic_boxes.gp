# Distributions (5, 25, 50, 75, 95th percentiles) of the response time and bounded slowdown vs offered load (thesis Figs. 6.9, 6.10). Regenerate with: gnuplot dynamic_boxes.gp
set grid y
set logscale y
set key outside bottom center horizontal font ',9'
set xlabel 'offered load'
set boxwidth 0.2
set offsets 0.5, 0.5, graph 0.05, graph 0.05
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1200,560 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1200,560 noenhanced font 'Helvetica,11' }
  set output 'dynamic_boxes.'.fmt
  set multiplot layout 1,2 title 'dynamic-load: box 25th-75th percentile, line the median, whiskers the 5th and 95th'
  set title 'response time (s)'
  plot 'dynamic.dat' index 0 using 0:(NaN):xtic(2) notitle, \
       'dynamic.dat' index 0 using ($0+-0.225):8:7:10:9:(0.120) with candlesticks whiskerbars lc rgb '#7f7f7f' title 'fcfs', \
       '' index 0 using ($0+-0.225):4:4:4:4:(0.120) with candlesticks lc rgb '#7f7f7f' lw 2 notitle, \
       'dynamic.dat' index 1 using ($0+-0.075):8:7:10:9:(0.120) with candlesticks whiskerbars lc rgb '#1f77b4' title 'gs', \
       '' index 1 using ($0+-0.075):4:4:4:4:(0.120) with candlesticks lc rgb '#1f77b4' lw 2 notitle, \
       'dynamic.dat' index 2 using ($0+0.075):8:7:10:9:(0.120) with candlesticks whiskerbars lc rgb '#ff7f0e' title 'sb', \
       '' index 2 using ($0+0.075):4:4:4:4:(0.120) with candlesticks lc rgb '#ff7f0e' lw 2 notitle, \
       'dynamic.dat' index 3 using ($0+0.225):8:7:10:9:(0.120) with candlesticks whiskerbars lc rgb '#2ca02c' title 'fcs', \
       '' index 3 using ($0+0.225):4:4:4:4:(0.120) with candlesticks lc rgb '#2ca02c' lw 2 notitle
  set title 'bounded slowdown'
  plot 'dynamic.dat' index 0 using 0:(NaN):xtic(2) notitle, \
       'dynamic.dat' index 0 using ($0+-0.225):12:11:14:13:(0.120) with candlesticks whiskerbars lc rgb '#7f7f7f' title 'fcfs', \
       '' index 0 using ($0+-0.225):6:6:6:6:(0.120) with candlesticks lc rgb '#7f7f7f' lw 2 notitle, \
       'dynamic.dat' index 1 using ($0+-0.075):12:11:14:13:(0.120) with candlesticks whiskerbars lc rgb '#1f77b4' title 'gs', \
       '' index 1 using ($0+-0.075):6:6:6:6:(0.120) with candlesticks lc rgb '#1f77b4' lw 2 notitle, \
       'dynamic.dat' index 2 using ($0+0.075):12:11:14:13:(0.120) with candlesticks whiskerbars lc rgb '#ff7f0e' title 'sb', \
       '' index 2 using ($0+0.075):6:6:6:6:(0.120) with candlesticks lc rgb '#ff7f0e' lw 2 notitle, \
       'dynamic.dat' index 3 using ($0+0.225):12:11:14:13:(0.120) with candlesticks whiskerbars lc rgb '#2ca02c' title 'fcs', \
       '' index 3 using ($0+0.225):6:6:6:6:(0.120) with candlesticks lc rgb '#2ca02c' lw 2 notitle
  unset multiplot
}
