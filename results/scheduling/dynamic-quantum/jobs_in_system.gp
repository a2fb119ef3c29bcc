# Jobs in the system (arrived, not finished) over time, every point (thesis Fig. 6.11). Regenerate with: gnuplot jobs_in_system.gp
set datafile separator ','
set grid
set key outside right top font ',8'
set xlabel 'time (s)'
set ylabel 'jobs in the system'
set title 'dynamic-quantum: jobs in the system'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1200,520 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1200,520 noenhanced font 'Helvetica,11' }
  set output 'jobs_in_system.'.fmt
  plot 'points/0000/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 dt 1 title 'gs preset=crescendo quantum=2s', \
       'points/0001/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 dt 1 title 'gs preset=crescendo quantum=1s', \
       'points/0002/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 dt 1 title 'gs preset=crescendo quantum=500ms', \
       'points/0003/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 dt 1 title 'gs preset=crescendo quantum=200ms', \
       'points/0004/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 dt 1 title 'gs preset=crescendo quantum=100ms', \
       'points/0005/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 6 dt 1 title 'gs preset=crescendo quantum=50ms', \
       'points/0006/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 dt 2 title 'gs preset=accelerando quantum=2s', \
       'points/0007/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 dt 2 title 'gs preset=accelerando quantum=1s', \
       'points/0008/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 dt 2 title 'gs preset=accelerando quantum=500ms', \
       'points/0009/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 dt 2 title 'gs preset=accelerando quantum=200ms', \
       'points/0010/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 dt 2 title 'gs preset=accelerando quantum=100ms', \
       'points/0011/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 6 dt 2 title 'gs preset=accelerando quantum=50ms'
}
