# Jobs in the system (arrived, not finished) over time, every point (thesis Fig. 6.11), a panel per series. Regenerate with: gnuplot jobs_in_system.gp
set datafile separator ','
set grid
set key inside top right font ',8'
set xlabel 'time (s)'
set ylabel 'jobs in the system'
set yrange [0:55]
set xrange [0:9108]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1200,390 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1200,390 noenhanced font 'Helvetica,11' }
  set output 'jobs_in_system.'.fmt
  set multiplot layout 1,2 title 'dynamic-quantum: jobs in the system'
  set title 'gs preset=crescendo'
  plot 'points/0000/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'quantum=2s', \
       'points/0001/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'quantum=1s', \
       'points/0002/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'quantum=500ms', \
       'points/0003/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'quantum=200ms', \
       'points/0004/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'quantum=100ms', \
       'points/0005/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 6 title 'quantum=50ms'
  set title 'gs preset=accelerando'
  plot 'points/0006/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'quantum=2s', \
       'points/0007/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'quantum=1s', \
       'points/0008/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'quantum=500ms', \
       'points/0009/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'quantum=200ms', \
       'points/0010/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'quantum=100ms', \
       'points/0011/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 6 title 'quantum=50ms'
  unset multiplot
}
