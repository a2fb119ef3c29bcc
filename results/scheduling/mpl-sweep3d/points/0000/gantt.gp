# mpl-sweep3d: scheduler.mpl=1 workload.jobs=[{"app":{"name":"sweep3d","processes":64}}]: 1 job under gs: which job holds each PE over time. Regenerate with: gnuplot gantt.gp
set datafile separator ','
set grid x
set key outside right top
set xlabel 'time (s)'
set title 'mpl-sweep3d: scheduler.mpl=1' . "\n" . 'workload.jobs=[{"app":{"name":"sweep3d","processes":64}}]: 1 job under gs'
set yrange [-0.6:63.6]
set ytics ('node 0 PE 0' 0, 'node 0 PE 1' 1, 'node 1 PE 0' 2, 'node 1 PE 1' 3, 'node 2 PE 0' 4, 'node 2 PE 1' 5, 'node 3 PE 0' 6, 'node 3 PE 1' 7, 'node 4 PE 0' 8, 'node 4 PE 1' 9, 'node 5 PE 0' 10, 'node 5 PE 1' 11, 'node 6 PE 0' 12, 'node 6 PE 1' 13, 'node 7 PE 0' 14, 'node 7 PE 1' 15, 'node 8 PE 0' 16, 'node 8 PE 1' 17, 'node 9 PE 0' 18, 'node 9 PE 1' 19, 'node 10 PE 0' 20, 'node 10 PE 1' 21, 'node 11 PE 0' 22, 'node 11 PE 1' 23, 'node 12 PE 0' 24, 'node 12 PE 1' 25, 'node 13 PE 0' 26, 'node 13 PE 1' 27, 'node 14 PE 0' 28, 'node 14 PE 1' 29, 'node 15 PE 0' 30, 'node 15 PE 1' 31, 'node 16 PE 0' 32, 'node 16 PE 1' 33, 'node 17 PE 0' 34, 'node 17 PE 1' 35, 'node 18 PE 0' 36, 'node 18 PE 1' 37, 'node 19 PE 0' 38, 'node 19 PE 1' 39, 'node 20 PE 0' 40, 'node 20 PE 1' 41, 'node 21 PE 0' 42, 'node 21 PE 1' 43, 'node 22 PE 0' 44, 'node 22 PE 1' 45, 'node 23 PE 0' 46, 'node 23 PE 1' 47, 'node 24 PE 0' 48, 'node 24 PE 1' 49, 'node 25 PE 0' 50, 'node 25 PE 1' 51, 'node 26 PE 0' 52, 'node 26 PE 1' 53, 'node 27 PE 0' 54, 'node 27 PE 1' 55, 'node 28 PE 0' 56, 'node 28 PE 1' 57, 'node 29 PE 0' 58, 'node 29 PE 1' 59, 'node 30 PE 0' 60, 'node 30 PE 1' 61, 'node 31 PE 0' 62, 'node 31 PE 1' 63)
set xrange [0:*]
array C[20] = [0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf, 0xaec7e8, 0xffbb78, 0x98df8a, 0xff9896, 0xc5b0d5, 0xc49c94, 0xf7b6d2, 0xc7c7c7, 0xdbdb8d, 0x9edae5]
do for [fmt in 'svg png'] {
  if (fmt eq 'svg') { set terminal svg size 900,2760 dynamic noenhanced font 'Helvetica,12' } else { set terminal pngcairo size 900,2760 noenhanced font 'Helvetica,11' }
  set output 'gantt.'.fmt
  plot 'gantt.csv' using (($5+$6)/2):1:(($6-$5)/2):(0.4):(C[int($4) % 20 + 1]) skip 1 with boxxyerror fs solid 0.6 lc rgb variable notitle, \
       '' using (($5+$6)/2):1:(($6-$5) > 0.072492360 ? sprintf('job %d', $4) : '') skip 1 with labels notitle, \
       NaN with boxes fs solid 0.6 lc rgb C[1] title 'job 0'
}
