# Cumulative distribution of the response times of the short and the long half of the jobs (by dedicated run time; thesis Fig. 6.13). Regenerate with: gnuplot response_cdf.gp
set datafile separator ','
set title 'dynamic-quantum: platform.preset=accelerando scheduler.quantum=50ms (gs): response time CDF'
set xlabel 'response time (s)'
set ylabel 'fraction of the half'
set logscale x
set grid
set key bottom right
set yrange [0:1]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,420 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,420 noenhanced font 'Helvetica,11' }
  set output 'response_cdf.'.fmt
  plot 'response_cdf.csv' using (strcol(1) eq 'short' ? $2 : NaN):3 skip 1 with steps lw 1.5 lc 1 title 'short half', \
       '' using (strcol(1) eq 'long' ? $2 : NaN):3 skip 1 with steps lw 1.5 lc 2 title 'long half'
}
