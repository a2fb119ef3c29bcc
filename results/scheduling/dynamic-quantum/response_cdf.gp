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
  set multiplot layout 1,2 title 'dynamic-quantum: response time CDF'
  set title 'short half (by dedicated run time)'
  plot 'points/0000/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 1 title 'gs preset=crescendo quantum=2s', \
       'points/0001/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 1 title 'gs preset=crescendo quantum=1s', \
       'points/0002/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 1 title 'gs preset=crescendo quantum=500ms', \
       'points/0003/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 1 title 'gs preset=crescendo quantum=200ms', \
       'points/0004/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 1 title 'gs preset=crescendo quantum=100ms', \
       'points/0005/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 6 dt 1 title 'gs preset=crescendo quantum=50ms', \
       'points/0006/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 2 title 'gs preset=accelerando quantum=2s', \
       'points/0007/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 2 title 'gs preset=accelerando quantum=1s', \
       'points/0008/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 2 title 'gs preset=accelerando quantum=500ms', \
       'points/0009/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 2 title 'gs preset=accelerando quantum=200ms', \
       'points/0010/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 2 title 'gs preset=accelerando quantum=100ms', \
       'points/0011/response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 6 dt 2 title 'gs preset=accelerando quantum=50ms'
  set title 'long half'
  plot 'points/0000/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 1 title 'gs preset=crescendo quantum=2s', \
       'points/0001/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 1 title 'gs preset=crescendo quantum=1s', \
       'points/0002/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 1 title 'gs preset=crescendo quantum=500ms', \
       'points/0003/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 1 title 'gs preset=crescendo quantum=200ms', \
       'points/0004/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 1 title 'gs preset=crescendo quantum=100ms', \
       'points/0005/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 6 dt 1 title 'gs preset=crescendo quantum=50ms', \
       'points/0006/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 1 dt 2 title 'gs preset=accelerando quantum=2s', \
       'points/0007/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 2 dt 2 title 'gs preset=accelerando quantum=1s', \
       'points/0008/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 3 dt 2 title 'gs preset=accelerando quantum=500ms', \
       'points/0009/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 4 dt 2 title 'gs preset=accelerando quantum=200ms', \
       'points/0010/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 5 dt 2 title 'gs preset=accelerando quantum=100ms', \
       'points/0011/response_cdf.csv' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.2 lc 6 dt 2 title 'gs preset=accelerando quantum=50ms'
  unset multiplot
}
