# Cumulative distribution of the response times of the short and the long half of the jobs, every point (thesis Fig. 6.13). Regenerate with: gnuplot response_cdf.gp
set datafile separator ','
set grid
set logscale x
set yrange [0:1]
set key bottom right font ',8'
set xlabel 'response time (s)'
set ylabel 'fraction of the half'
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 1400,560 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 1400,560 noenhanced font 'Helvetica,11' }
  set output 'response_cdf.'.fmt
  set multiplot layout 1,2 title 'dynamic-load: response time CDF'
  set title 'short half (by dedicated run time)'
  plot 'points/0000/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 1 title 'fcfs load=0.739', \
       'points/0001/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 1 title 'fcfs load=0.779', \
       'points/0002/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 1 title 'fcfs load=0.829', \
       'points/0003/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 1 title 'fcfs load=0.879', \
       'points/0004/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 1 title 'fcfs load=0.929', \
       'points/0005/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 2 title 'gs load=0.739', \
       'points/0006/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 2 title 'gs load=0.779', \
       'points/0007/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 2 title 'gs load=0.829', \
       'points/0008/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 2 title 'gs load=0.879', \
       'points/0009/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 2 title 'gs load=0.929', \
       'points/0010/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 3 title 'sb load=0.739', \
       'points/0011/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 3 title 'sb load=0.779', \
       'points/0012/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 3 title 'sb load=0.829', \
       'points/0013/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 3 title 'sb load=0.879', \
       'points/0014/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 3 title 'sb load=0.929', \
       'points/0015/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 4 title 'fcs load=0.739', \
       'points/0016/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 4 title 'fcs load=0.779', \
       'points/0017/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 4 title 'fcs load=0.829', \
       'points/0018/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 4 title 'fcs load=0.879', \
       'points/0019/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 4 title 'fcs load=0.929'
  set title 'long half'
  plot 'points/0000/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 1 title 'fcfs load=0.739', \
       'points/0001/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 1 title 'fcfs load=0.779', \
       'points/0002/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 1 title 'fcfs load=0.829', \
       'points/0003/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 1 title 'fcfs load=0.879', \
       'points/0004/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 1 title 'fcfs load=0.929', \
       'points/0005/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 2 title 'gs load=0.739', \
       'points/0006/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 2 title 'gs load=0.779', \
       'points/0007/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 2 title 'gs load=0.829', \
       'points/0008/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 2 title 'gs load=0.879', \
       'points/0009/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 2 title 'gs load=0.929', \
       'points/0010/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 3 title 'sb load=0.739', \
       'points/0011/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 3 title 'sb load=0.779', \
       'points/0012/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 3 title 'sb load=0.829', \
       'points/0013/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 3 title 'sb load=0.879', \
       'points/0014/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 3 title 'sb load=0.929', \
       'points/0015/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 4 title 'fcs load=0.739', \
       'points/0016/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 4 title 'fcs load=0.779', \
       'points/0017/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 4 title 'fcs load=0.829', \
       'points/0018/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 4 title 'fcs load=0.879', \
       'points/0019/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 4 title 'fcs load=0.929'
  unset multiplot
}
