# Launch time vs nodes. Regenerate with: gnuplot launch_study.gp
set datafile separator ','
set datafile missing ''
set grid
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1700,600 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1700,600 noenhanced font 'Helvetica,11' }
  set output 'launch_study.'.fmt
  set multiplot layout 1,2 title 'wolverine-idle: STORM job launch vs nodes (thesis ch. 4)'
  set logscale x 2
  set xlabel 'nodes'
  set offsets graph 0.03, graph 0.03, graph 0.05, 0
  set ylabel 'time (ms)'
  set yrange [0:*]
  set key outside right center vertical
  set title 'Launch time (job arrival to termination noted)'
  plot 'launch_study.csv' using 1:2 skip 1 with linespoints lc rgb '#1f77b4' pt 7 title '4MB, idle load', 'launch_study.csv' using 1:5 skip 1 with linespoints lc rgb '#ff7f0e' pt 5 title '8MB, idle load', 'launch_study.csv' using 1:8 skip 1 with linespoints lc rgb '#2ca02c' pt 9 title '12MB, idle load', 'launch_study.csv' using 1:11 skip 1 with lines lc rgb '#1f77b4' dt 2 title 'Eq. 4.8 (ES40) 4MB', 'launch_study.csv' using 1:12 skip 1 with lines lc rgb '#1f77b4' dt 4 title 'Eq. 4.9 (ideal) 4MB', 'launch_study.csv' using 1:13 skip 1 with lines lc rgb '#ff7f0e' dt 2 title 'Eq. 4.8 (ES40) 8MB', 'launch_study.csv' using 1:14 skip 1 with lines lc rgb '#ff7f0e' dt 4 title 'Eq. 4.9 (ideal) 8MB', 'launch_study.csv' using 1:15 skip 1 with lines lc rgb '#2ca02c' dt 2 title 'Eq. 4.8 (ES40) 12MB', 'launch_study.csv' using 1:16 skip 1 with lines lc rgb '#2ca02c' dt 4 title 'Eq. 4.9 (ideal) 12MB'
  set title 'Send and execute (Fig. 4.4 split)'
  plot 'launch_study.csv' using 1:3 skip 1 with linespoints lc rgb '#1f77b4' pt 7 title 'send 4MB, idle load', 'launch_study.csv' using 1:4 skip 1 with linespoints lc rgb '#1f77b4' pt 7 dt 3 title 'execute 4MB, idle load', 'launch_study.csv' using 1:6 skip 1 with linespoints lc rgb '#ff7f0e' pt 5 title 'send 8MB, idle load', 'launch_study.csv' using 1:7 skip 1 with linespoints lc rgb '#ff7f0e' pt 5 dt 3 title 'execute 8MB, idle load', 'launch_study.csv' using 1:9 skip 1 with linespoints lc rgb '#2ca02c' pt 9 title 'send 12MB, idle load', 'launch_study.csv' using 1:10 skip 1 with linespoints lc rgb '#2ca02c' pt 9 dt 3 title 'execute 12MB, idle load'
  unset multiplot
}
