# Jobs in the system (arrived, not finished) over time, every point (thesis Fig. 6.11), a panel per series. Regenerate with: gnuplot jobs_in_system.gp
set datafile separator ','
set grid
set key inside top right font ',8'
set xlabel 'time (s)'
set ylabel 'jobs in the system'
set yrange [0:189]
set xrange [0:10363]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1200,720 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1200,720 noenhanced font 'Helvetica,11' }
  set output 'jobs_in_system.'.fmt
  set multiplot layout 2,2 title 'dynamic-load: jobs in the system'
  set title 'fcfs'
  plot 'points/0000/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'load=0.739', \
       'points/0001/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'load=0.779', \
       'points/0002/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'load=0.829', \
       'points/0003/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'load=0.879', \
       'points/0004/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'load=0.929'
  set title 'gs'
  plot 'points/0005/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'load=0.739', \
       'points/0006/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'load=0.779', \
       'points/0007/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'load=0.829', \
       'points/0008/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'load=0.879', \
       'points/0009/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'load=0.929'
  set title 'sb'
  plot 'points/0010/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'load=0.739', \
       'points/0011/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'load=0.779', \
       'points/0012/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'load=0.829', \
       'points/0013/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'load=0.879', \
       'points/0014/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'load=0.929'
  set title 'fcs'
  plot 'points/0015/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 1 title 'load=0.739', \
       'points/0016/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 2 title 'load=0.779', \
       'points/0017/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 3 title 'load=0.829', \
       'points/0018/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 4 title 'load=0.879', \
       'points/0019/jobs_in_system.csv' using 1:2 skip 1 with steps lw 1.2 lc 5 title 'load=0.929'
  unset multiplot
}
